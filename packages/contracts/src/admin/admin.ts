import { z } from 'zod';
import { emailSchema, roleSchema, staffRoleSchema } from '../identity';

// Administration: staff roles and counties (/api/Admin/*)

export const staffMemberSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  roles: z.array(roleSchema),
  counties: z.array(z.string()),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListSchema = z.object({ data: z.array(staffMemberSchema) });

export const grantRoleRequestSchema = z.object({
  email: emailSchema,
  role: staffRoleSchema,
  counties: z.array(z.string().min(1)).max(200).default([]),
});
export type GrantRoleRequest = z.infer<typeof grantRoleRequestSchema>;

export const revokeRoleRequestSchema = z.object({ email: emailSchema, role: staffRoleSchema });
export type RevokeRoleRequest = z.infer<typeof revokeRoleRequestSchema>;

import { z } from 'zod';
import { providerTypeSchema } from '../application/application';
import { applicationStatusSchema } from '../application/drafts';

/** One change of the application's status, from the audit trail. */
export const statusChangeSchema = z.object({
  status: applicationStatusSchema,
  changedAt: z.string(),
  reason: z.string().nullable(),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

export const missingDocumentSchema = z.object({
  documentId: z.number().int().positive(),
  /** The profile rule it comes from ("staff-request" when staff asked for it). */
  code: z.string(),
  documentName: z.string(),
  description: z.string(),
});

/** The signed-in user's latest application, as the dashboard shows it. */
export const providerApplicationSchema = z.object({
  applicationId: z.number().int().positive(),
  providerType: providerTypeSchema,
  providerName: z.string(),
  status: applicationStatusSchema,
  submittedAt: z.string(),
  /** Required, not waived, not uploaded yet. */
  missingDocuments: z.array(missingDocumentSchema),
  /** Requests for information still waiting for the applicant's answer. */
  openRfiCount: z.number().int().nonnegative(),
  /** Oldest first. */
  statusHistory: z.array(statusChangeSchema),
});
export type ProviderApplication = z.infer<typeof providerApplicationSchema>;

/**
 * Spec section 3 "Dashboard response", for GET /api/Dashboard/get-dashboard. With no
 * application yet: isDocumentRequired false, applicationId and providerApplication null.
 */
export const dashboardResponseSchema = z.object({
  isDocumentRequired: z.boolean(),
  applicationId: z.number().int().positive().nullable(),
  providerApplication: providerApplicationSchema.nullable(),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

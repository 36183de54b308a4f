import { z } from 'zod';
import { credentialStateSchema } from './credential-states';

/** A record's credentials on the program's day (ADR 115): each with its state. */
export const recordCredentialsSchema = z.object({
  applicationId: z.number().int(),
  credentials: z.array(credentialStateSchema),
});
export type RecordCredentials = z.infer<typeof recordCredentialsSchema>;

/** GET /api/ProviderRecord/credentials: the caller's record's credentials, or null without a record. */
export const myRecordCredentialsSchema = z.object({ record: recordCredentialsSchema.nullable() });
export type MyRecordCredentials = z.infer<typeof myRecordCredentialsSchema>;

/** One record of the staff's "expiring soon" list, with its credentials expiring soon or expired. */
export const expiringRecordSchema = z.object({
  applicationId: z.number().int(),
  recordId: z.number().int(),
  providerName: z.string(),
  county: z.string().nullable(),
  /** The soonest expiry among them (ISO date). */
  soonest: z.string(),
  credentials: z.array(credentialStateSchema),
});
export type ExpiringRecord = z.infer<typeof expiringRecordSchema>;

/** GET /api/Staff/expiring: the caller's counties' records with credentials expiring soon, soonest first. */
export const expiringQueueSchema = z.object({ items: z.array(expiringRecordSchema), total: z.number().int() });
export type ExpiringQueue = z.infer<typeof expiringQueueSchema>;

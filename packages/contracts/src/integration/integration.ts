import { z } from 'zod';
import { providerTypeSchema } from '../application/application';
import { draftApplicationSchema } from '../application/draft-application';
import { isoDateSchema } from '../application/rules';
import { submittedStatusSchema } from '../staff/staff';

/**
 * The integration API (ADR 112): read-only routes under /api/v1/ for the state's payment and case
 * systems, called with keys administrators create in the admin page (/api/Admin/api-keys).
 */

/** What a key may read: the approved providers' records, or the applications and their statuses. */
export const apiKeyResources = ['records', 'applications'] as const;
export const apiKeyResourceSchema = z.enum(apiKeyResources);
export type ApiKeyResource = z.infer<typeof apiKeyResourceSchema>;

/** The secret's recognisable start: a scanner finding `ccapk_` in a file knows what it found. */
export const API_KEY_PREFIX = 'ccapk_';

export const createApiKeyRequestSchema = z.object({
  name: z.string().trim().min(1).max(100),
  counties: z.array(z.string().min(1).max(100)).min(1).max(200),
  resources: z.array(apiKeyResourceSchema).min(1).max(apiKeyResources.length),
  /** The last day the key works (through its end, in the program's time zone). */
  expiresOn: isoDateSchema,
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

export const apiKeyStateSchema = z.enum(['active', 'expired', 'revoked']);
export type ApiKeyState = z.infer<typeof apiKeyStateSchema>;

export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The secret's first characters, to tell keys apart; the secret itself is never shown again. */
  prefix: z.string(),
  counties: z.array(z.string()),
  resources: z.array(apiKeyResourceSchema),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  state: apiKeyStateSchema,
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.object({ data: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** The answer to a created key: the only time its secret is sent. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
export const apiKeyParamsSchema = z.object({ id: z.uuid() });

// ---- /api/v1 ----

const limitSchema = z.coerce.number().int().min(1).max(500).default(100);
/** An opaque position: the `nextCursor` of the page before. */
const cursorSchema = z.string().min(1).max(200).optional();
const timestampSchema = z.iso.datetime({ offset: true });

export const integrationRecordsQuerySchema = z.object({
  county: z.string().min(1).max(100).optional(),
  providerType: providerTypeSchema.optional(),
  status: z.enum(['active', 'ended']).optional(),
  /** Only records changed at or after this moment. */
  updatedSince: timestampSchema.optional(),
  cursor: cursorSchema,
  limit: limitSchema,
});
export type IntegrationRecordsQuery = z.infer<typeof integrationRecordsQuerySchema>;

export const integrationChangesQuerySchema = integrationRecordsQuerySchema
  .omit({ updatedSince: true })
  .extend({ since: timestampSchema.optional() });
export type IntegrationChangesQuery = z.infer<typeof integrationChangesQuerySchema>;

export const integrationRecordSchema = z.object({
  applicationId: z.number().int().positive(),
  licenseNumber: z.string(),
  status: z.enum(['active', 'ended']),
  county: z.string().nullable(),
  providerType: providerTypeSchema,
  /** The approval's last day in force (ADR 107). */
  endsOn: z.string(),
  /** The current version, in force since `validFrom`. */
  version: z.number().int().positive(),
  validFrom: z.string(),
  changedAt: z.string(),
  /** The current version's answers; taxpayer numbers and dates of birth masked. */
  answers: draftApplicationSchema,
});
export type IntegrationRecord = z.infer<typeof integrationRecordSchema>;
export const integrationRecordPageSchema = z.object({
  data: z.array(integrationRecordSchema),
  /** Pass as `cursor` for the next page; null when this page is the last (for now, in the changes feed). */
  nextCursor: z.string().nullable(),
});
export type IntegrationRecordPage = z.infer<typeof integrationRecordPageSchema>;

export const integrationApplicationsQuerySchema = z.object({
  county: z.string().min(1).max(100).optional(),
  providerType: providerTypeSchema.optional(),
  status: submittedStatusSchema.optional(),
  updatedSince: timestampSchema.optional(),
  cursor: cursorSchema,
  limit: limitSchema,
});
export type IntegrationApplicationsQuery = z.infer<typeof integrationApplicationsQuerySchema>;

export const integrationApplicationSchema = z.object({
  applicationId: z.number().int().positive(),
  providerType: providerTypeSchema,
  providerName: z.string(),
  county: z.string().nullable(),
  status: submittedStatusSchema,
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** Every status it has had, oldest first. */
  statusHistory: z.array(
    z.object({ status: submittedStatusSchema, changedAt: z.string(), reason: z.string().nullable() }),
  ),
});
export type IntegrationApplication = z.infer<typeof integrationApplicationSchema>;
export const integrationApplicationPageSchema = z.object({
  data: z.array(integrationApplicationSchema),
  nextCursor: z.string().nullable(),
});

import { z } from 'zod';
import { DRAFT_JSON_MAX_BYTES } from './application';

/** Spec section 3 "Draft record": the server's copy of a draft, its JSON kept as text. */
export const draftRecordSchema = z.object({
  id: z.number().int().positive(),
  /** Sent empty, as the spec says: the owner comes from the access token, never from here. */
  userEmail: z.string(),
  applicationJson: z.string(),
  /** Optimistic concurrency: a save names the version it started from. */
  version: z.number().int().positive(),
  updatedAt: z.string(),
});
export type DraftRecord = z.infer<typeof draftRecordSchema>;
export const draftListSchema = z.array(draftRecordSchema);

/** POST /api/Application/save-my-draft-applications (spec section 7). */
export const saveDraftRequestSchema = z.object({
  /** 0 or absent for a new draft. */
  id: z.number().int().nonnegative().optional(),
  userEmail: z.string().max(254).optional(),
  applicationJson: z.string().max(DRAFT_JSON_MAX_BYTES),
  /** The version the client last saw; required to save over an existing draft. */
  version: z.number().int().positive().optional(),
});
export type SaveDraftRequest = z.infer<typeof saveDraftRequestSchema>;

export const saveDraftResponseSchema = z.object({
  id: z.number().int().positive(),
  applicationJson: z.string(),
  version: z.number().int().positive(),
});
export type SaveDraftResponse = z.infer<typeof saveDraftResponseSchema>;

export const deleteDraftQuerySchema = z.object({ query: z.coerce.number().int().positive() });

/** The problem type of a save that lost a race with another tab. */
export const draftConflictProblemType = 'urn:ccap:problem:draft-conflict';

/** POST /api/Application and /api/Application/save-unregistered-provider: submit a draft. */
export const submitApplicationRequestSchema = z.object({
  draftApplicationId: z.number().int().positive(),
  /** The complete application as the draft JSON; checked in full against the step rules. */
  applicationJson: z.string().max(DRAFT_JSON_MAX_BYTES),
  /**
   * The draft's version this submission was reviewed at. When given, a draft saved since (in
   * another tab) is not submitted: 409 with the draft-conflict problem type, nothing changed.
   */
  version: z.number().int().positive().optional(),
});
export type SubmitApplicationRequest = z.infer<typeof submitApplicationRequestSchema>;

/** Statuses a submitted application can have: everything but draft. */
export const submittedStatuses = [
  'submitted',
  'in-review',
  'information-requested',
  'approved',
  'denied',
  'withdrawn',
] as const;
export const applicationStatuses = ['draft', ...submittedStatuses] as const;
export const applicationStatusSchema = z.enum(applicationStatuses);
export type ApplicationStatus = z.infer<typeof applicationStatusSchema>;

export const submitApplicationResponseSchema = z.object({
  applicationId: z.number().int().positive(),
  status: applicationStatusSchema,
  submittedAt: z.string(),
});
export type SubmitApplicationResponse = z.infer<typeof submitApplicationResponseSchema>;

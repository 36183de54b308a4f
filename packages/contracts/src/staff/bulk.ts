import { z } from 'zod';
import { requestDocumentSchema, staffQueueFiltersSchema } from './staff';

/** The most applications one bulk action works on; "all matching" beyond it is refused, with the count. */
export const BULK_ACTION_MAX = 1000;

export const bulkActionKinds = ['assign', 'startReview', 'requestDocument', 'sendMessage'] as const;
export type BulkActionKind = (typeof bulkActionKinds)[number];

/** Assign to a member of staff who works in the application's county. */
export const bulkAssignSchema = z.object({ kind: z.literal('assign'), assigneeId: z.uuid() });
export const bulkStartReviewSchema = z.object({ kind: z.literal('startReview') });
/** One more required document (as POST /api/Staff/applications/{id}/documents). */
export const bulkRequestDocumentSchema = z.object({
  kind: z.literal('requestDocument'),
  ...requestDocumentSchema.shape,
});
/** The longest message a bulk action sends: the worker's own words, shown to each provider as written. */
export const BULK_MESSAGE_MAX = 4000;

/**
 * A message to each application's provider (ADR 122): their inbox and, as their settings say,
 * their mail. It asks nothing of them and does not change the application.
 */
export const bulkSendMessageSchema = z.object({
  kind: z.literal('sendMessage'),
  message: z.string().trim().min(1, 'Write the message.').max(BULK_MESSAGE_MAX),
});

/** The action and its parameters: each is a single action of the review, done on every item. */
export const bulkActionSchema = z.discriminatedUnion('kind', [
  bulkAssignSchema,
  bulkStartReviewSchema,
  bulkRequestDocumentSchema,
  bulkSendMessageSchema,
]);
export type BulkAction = z.infer<typeof bulkActionSchema>;

/** One application as it was listed: the action is refused for it if its version changed since. */
export const bulkItemSchema = z.object({
  applicationId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  version: z.number().int().min(0),
});

/** The queue's filters, as GET /api/Staff/applications takes them, without sort and paging. */
export const bulkFiltersSchema = staffQueueFiltersSchema;
export type BulkFilters = z.infer<typeof bulkFiltersSchema>;

/** POST /api/Staff/bulk-actions: the action, and either the rows chosen or every one the filters match. */
export const bulkActionRequestSchema = z.object({
  action: bulkActionSchema,
  target: z.union([
    z.object({
      items: z
        .array(bulkItemSchema)
        .min(1, 'Choose at least one application.')
        .max(BULK_ACTION_MAX)
        .refine(
          (items) => new Set(items.map((item) => item.applicationId)).size === items.length,
          'An application is chosen twice.',
        ),
    }),
    z.object({ filters: bulkFiltersSchema }),
  ]),
});
export type BulkActionRequest = z.infer<typeof bulkActionRequestSchema>;

/** Why an item was not done: translated under `staff.bulk.reasons`. */
export const bulkRefusalReasons = [
  'notFound',
  'versionConflict',
  'invalidTransition',
  'closed',
  'workerOutOfCounty',
] as const;
export type BulkRefusalReason = (typeof bulkRefusalReasons)[number];

export const bulkItemResultSchema = z.discriminatedUnion('outcome', [
  z.object({ applicationId: z.number().int(), outcome: z.literal('done'), version: z.number().int() }),
  z.object({
    applicationId: z.number().int(),
    outcome: z.literal('refused'),
    reason: z.enum(bulkRefusalReasons),
    providerName: z.string().nullable(),
  }),
]);
export type BulkItemResult = z.infer<typeof bulkItemResultSchema>;

export const bulkActionResponseSchema = z.object({
  kind: z.enum(bulkActionKinds),
  done: z.number().int(),
  refused: z.number().int(),
  items: z.array(bulkItemResultSchema),
});
export type BulkActionResponse = z.infer<typeof bulkActionResponseSchema>;

/** GET /api/Staff/workers: who an application of the caller's counties can be assigned to. */
export const staffWorkerSchema = z.object({ id: z.string(), name: z.string(), counties: z.array(z.string()) });
export const staffWorkersSchema = z.object({ workers: z.array(staffWorkerSchema) });
export type StaffWorker = z.infer<typeof staffWorkerSchema>;

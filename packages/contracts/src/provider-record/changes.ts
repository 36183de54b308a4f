import { z } from 'zod';
import { draftApplicationSchema } from '../application/draft-application';
import { isoDateSchema } from '../application/rules';
import { queuePagingShape, queuePeriodFilters } from '../staff/staff';
import type { RecordPart } from './provider-record';

/**
 * A change the provider reports on their record (ADR 101): the parts that changed and their new
 * answers, checked by the wizard's own step schemas, with the day it takes effect.
 */

/** What a provider may report as changed: every part but the signed conditions. */
export const changeParts = [
  'address',
  'operationHoursInfo',
  'categoryTypes',
  'adults',
  'children',
  'assistants',
  'providerInfo',
  'w9Info',
  'ratesInfo',
] as const satisfies readonly RecordPart[];
export const changePartSchema = z.enum(changeParts);
export type ChangePart = z.infer<typeof changePartSchema>;

export const changeStatuses = ['draft', 'submitted', 'approved', 'denied', 'withdrawn', 'applied'] as const;
export const changeStatusSchema = z.enum(changeStatuses);
export type ChangeStatus = z.infer<typeof changeStatusSchema>;

const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const providerChangeParamsSchema = z.object({ changeId: idSchema });

/** The answers of a change: the parts it names, in the draft application's shape. */
export const changeAnswersSchema = draftApplicationSchema.pick({
  address: true,
  operationHoursInfo: true,
  categoryTypes: true,
  adults: true,
  children: true,
  assistants: true,
  providerInfo: true,
  w9Info: true,
  ratesInfo: true,
});
export type ChangeAnswers = z.infer<typeof changeAnswersSchema>;

/** POST /api/ProviderRecord/{applicationId}/changes and PUT /api/ProviderRecord/changes/{changeId}. */
export const changeDraftSchema = z.object({
  parts: z.array(changePartSchema).min(1).max(changeParts.length),
  answers: changeAnswersSchema,
  effectiveDate: isoDateSchema,
  note: z.string().trim().max(2000).optional(),
});
export type ChangeDraft = z.infer<typeof changeDraftSchema>;
export const changeUpdateSchema = changeDraftSchema.extend({ version: z.number().int().positive() });
export const changeStepSchema = z.object({ version: z.number().int().positive() });

/** A document the change needs (a record check for a new adult or assistant), as the table names it. */
export const changeDocumentSchema = z.object({ code: z.string(), documentName: z.string(), description: z.string() });

/** What names a change wherever it is listed or read: whose, where, its status and parts. */
const changeHeadShape = {
  changeId: z.number().int().positive(),
  applicationId: z.number().int().positive(),
  providerName: z.string(),
  county: z.string().nullable(),
  status: changeStatusSchema,
  parts: z.array(changePartSchema),
};

/** A change as its provider and staff read it: what it changes, from what, to what. */
export const providerChangeSchema = z.object({
  ...changeHeadShape,
  effectiveDate: z.string(),
  note: z.string().nullable(),
  version: z.number().int().positive(),
  basedOnVersion: z.number().int().positive(),
  currentRecordVersion: z.number().int().positive(),
  /** Another version took effect since the change was written: staff see both before deciding. */
  conflict: z.boolean(),
  /** The changed parts as the version it was written against held them, masked. */
  before: changeAnswersSchema,
  /** The changed parts as the record's current version holds them, when that is another version. */
  current: changeAnswersSchema.nullable(),
  /** The new answers, masked. */
  after: changeAnswersSchema,
  documentsNeeded: z.array(changeDocumentSchema),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  appliedVersion: z.number().int().positive().nullable(),
  /** Applied at once without review, as the program profile allows for these parts. */
  appliedWithoutReview: z.boolean(),
});
export type ProviderChange = z.infer<typeof providerChangeSchema>;
export const providerChangeListSchema = z.object({ items: z.array(providerChangeSchema) });
export type ProviderChangeList = z.infer<typeof providerChangeListSchema>;

export const changeQueueSortKeys = [
  'changeId',
  'providerName',
  'county',
  'status',
  'effectiveDate',
  'submittedAt',
] as const;
export const changeQueueSortSchema = z.enum(changeQueueSortKeys);
export type ChangeQueueSort = z.infer<typeof changeQueueSortSchema>;

/**
 * GET /api/Staff/changes: the reported changes of the caller's counties as the staff queue's
 * "change" kind: filters, sort and page in the query string, as the application queue's.
 */
export const staffChangeQuerySchema = z.object({
  status: changeStatusSchema.exclude(['draft']).optional(),
  county: z.string().trim().min(1).max(100).optional(),
  /** Only changes that change this part. */
  part: changePartSchema.optional(),
  /** Effective on or after, on or before these days. */
  effectiveFrom: isoDateSchema.optional(),
  effectiveTo: isoDateSchema.optional(),
  /** Only changes in conflict: written against a version no longer current. */
  conflicts: z.stringbool().optional(),
  ...queuePeriodFilters,
  sort: changeQueueSortSchema.default('submittedAt'),
  ...queuePagingShape,
});
export type StaffChangeQuery = z.infer<typeof staffChangeQuerySchema>;
export type StaffChangeQueryInput = z.input<typeof staffChangeQuerySchema>;

/** One row of the change queue. */
export const changeQueueItemSchema = z.object({
  ...changeHeadShape,
  effectiveDate: z.iso.date(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Still to apply, and another version took effect since it was written. */
  conflict: z.boolean(),
  appliedWithoutReview: z.boolean(),
  /** Pending requests for information on the change; the nearest due date of those not answered. */
  openRfiCount: z.number().int().nonnegative(),
  nextRfiDueAt: z.iso.date().nullable(),
  rfiOverdue: z.boolean(),
});
export type ChangeQueueItem = z.infer<typeof changeQueueItemSchema>;

export const staffChangeQueueSchema = z.object({
  items: z.array(changeQueueItemSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  /** The counties the caller works in (every county for an administrator), for the filter. */
  counties: z.array(z.string()),
});
export type StaffChangeQueue = z.infer<typeof staffChangeQueueSchema>;

/** POST /api/Staff/changes/{changeId}/decision. */
export const changeDecisionSchema = z
  .object({
    action: z.enum(['approve', 'deny']),
    version: z.number().int().positive(),
    reason: z.string().trim().max(2000).optional(),
    /** Approving a change in conflict: the record's current version the reviewer saw it against. */
    overVersion: z.number().int().positive().optional(),
  })
  .refine((decision) => decision.action !== 'deny' || (decision.reason ?? '') !== '', {
    message: 'validation.required',
    path: ['reason'],
  });
export type ChangeDecision = z.infer<typeof changeDecisionSchema>;

export const changeProblemTypes = {
  nothingChanged: 'urn:ccap:problem:change-nothing-changed',
  effectiveDate: 'urn:ccap:problem:change-effective-date',
  conflict: 'urn:ccap:problem:change-conflict',
  versionConflict: 'urn:ccap:problem:change-version-conflict',
  invalidStep: 'urn:ccap:problem:change-invalid-step',
} as const;

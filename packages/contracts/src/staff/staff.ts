import { z } from 'zod';
import { providerTypeSchema } from '../application/application';
import { draftApplicationSchema } from '../application/draft-application';
import { submittedStatuses } from '../application/drafts';
import { requiredDocumentSchema } from '../documents/documents';

/**
 * The staff workspace (issue #9): the review queue, one application under review, decisions,
 * the required-documents checklist, the audit trail and the statistics.
 */

export const submittedStatusSchema = z.enum(submittedStatuses);
export type SubmittedStatus = z.infer<typeof submittedStatusSchema>;

/** Statuses with a decision still to make: these count as waiting, and can be overdue. */
export const undecidedStatuses = [
  'submitted',
  'in-review',
  'information-requested',
] as const satisfies readonly SubmittedStatus[];

/**
 * Whether `status` is one of `group`'s (`undecidedStatuses`, `statusesOpenForDocuments`, …): the
 * groups are the contract's, so code asks them rather than listing statuses again.
 */
export const isStatusIn = <S extends string>(group: readonly S[], status: string): status is S =>
  (group as readonly string[]).includes(status);

/** Days from submission within which the agency aims to decide; past it an application is overdue. */
export const REVIEW_TARGET_DAYS = 30;

/**
 * Submitted, or decided, on or between these days (the program's days): the queue's period
 * filters, shared by the application and the change queues and their exports.
 */
export const queuePeriodFilters = {
  submittedFrom: z.iso.date().optional(),
  submittedTo: z.iso.date().optional(),
  decidedFrom: z.iso.date().optional(),
  decidedTo: z.iso.date().optional(),
};

const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** What a listing of applications starts with, in the queue and in its exports. */
export const applicationListingKeys = [
  'applicationId',
  'providerName',
  'providerType',
  'county',
  'status',
  'submittedAt',
] as const;

export const queueSortKeys = [...applicationListingKeys, 'daysWaiting', 'assignee', 'nextRfiDueAt'] as const;
export const queueSortSchema = z.enum(queueSortKeys);
export type QueueSort = z.infer<typeof queueSortSchema>;

export const QUEUE_PAGE_SIZES = [10, 25, 50, 100] as const;

/** The order and the page of every staff queue (applications, changes, renewals). */
export const queuePagingShape = {
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((value) => (QUEUE_PAGE_SIZES as readonly number[]).includes(value), 'must be 10, 25, 50 or 100')
    .default(25),
};

/** GET /api/Staff/applications: filters, search, sort and page, all in the query string. */
export const staffQueueQuerySchema = z.object({
  status: submittedStatusSchema.optional(),
  county: z.string().trim().min(1).max(60).optional(),
  providerType: providerTypeSchema.optional(),
  /** `me`, `none` (unassigned) or a staff user's id. */
  assignee: z.union([z.literal('me'), z.literal('none'), z.uuid()]).optional(),
  /**
   * Only applications with a pending request for information (`open`), or with one not answered
   * yet past its due date (`overdue`).
   */
  rfi: z.enum(['open', 'overdue']).optional(),
  /** A provider's name (or part of it), or an application id. */
  search: z.string().trim().max(100).optional(),
  ...queuePeriodFilters,
  sort: queueSortSchema.default('submittedAt'),
  ...queuePagingShape,
});

/** The application queue's filters: its query without sort and paging (exports, bulk actions). */
export const staffQueueFiltersSchema = staffQueueQuerySchema.omit({
  sort: true,
  order: true,
  page: true,
  pageSize: true,
});
export type StaffQueueQuery = z.infer<typeof staffQueueQuerySchema>;
export type StaffQueueQueryInput = z.input<typeof staffQueueQuerySchema>;

export const staffMemberRefSchema = z.object({ id: z.string(), name: z.string() });
export type StaffMemberRef = z.infer<typeof staffMemberRefSchema>;

export const queueItemSchema = z.object({
  applicationId: z.number().int().positive(),
  providerName: z.string(),
  providerType: providerTypeSchema,
  county: z.string().nullable(),
  status: submittedStatusSchema,
  submittedAt: z.string(),
  /** Whole days since submission (until the decision or the withdrawal, once there is one). */
  daysWaiting: z.number().int().nonnegative(),
  /** Undecided and past REVIEW_TARGET_DAYS. */
  overdue: z.boolean(),
  /**
   * Requests for information still pending (answered or not: staff complete them), and the
   * earliest due date among those not answered yet ("2026-01-15"; null when all are answered).
   */
  openRfiCount: z.number().int().nonnegative(),
  nextRfiDueAt: z.iso.date().nullable(),
  /** A pending request for information not answered yet is past its due date. */
  rfiOverdue: z.boolean(),
  assignee: staffMemberRefSchema.nullable(),
  version: z.number().int().positive(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const staffQueueResponseSchema = z.object({
  items: z.array(queueItemSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  /** The counties the caller works in (every county for an administrator), for the filter. */
  counties: z.array(z.string()),
});
export type StaffQueueResponse = z.infer<typeof staffQueueResponseSchema>;

export const staffApplicationParamsSchema = z.object({ id: idSchema });
export const staffDocumentParamsSchema = z.object({ id: idSchema, documentId: idSchema });

/** One row of the audit trail, as staff read it. */
export const auditEntrySchema = z.object({
  id: z.number().int().positive(),
  occurredAt: z.string(),
  actorId: z.string().nullable(),
  actorLabel: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const staffDocumentSchema = requiredDocumentSchema.extend({
  /** True for a document staff asked for after submission. */
  requestedByStaff: z.boolean(),
});
export type StaffDocument = z.infer<typeof staffDocumentSchema>;

export const staffActions = ['start-review', 'approve', 'deny', 'withdraw'] as const;
export const staffActionSchema = z.enum(staffActions);
export type StaffAction = z.infer<typeof staffActionSchema>;

/** DESIGN.md section 6: which decision leads from which status to which. */
export const staffTransitions = {
  'start-review': { from: ['submitted', 'information-requested'], to: 'in-review' },
  approve: { from: ['in-review'], to: 'approved' },
  deny: { from: ['in-review', 'information-requested'], to: 'denied' },
  withdraw: { from: undecidedStatuses, to: 'withdrawn' },
} as const satisfies Record<StaffAction, { from: readonly SubmittedStatus[]; to: SubmittedStatus }>;

export function allowedActionsFor(status: SubmittedStatus): StaffAction[] {
  return staffActions.filter((action) => isStatusIn(staffTransitions[action].from, status));
}

/** GET /api/Staff/applications/{id}: everything a reviewer needs on one page. */
export const staffApplicationSchema = z.object({
  applicationId: z.number().int().positive(),
  providerName: z.string(),
  providerType: providerTypeSchema,
  county: z.string().nullable(),
  status: submittedStatusSchema,
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  daysWaiting: z.number().int().nonnegative(),
  overdue: z.boolean(),
  /** Optimistic concurrency: every change names the version it was made on. */
  version: z.number().int().positive(),
  assignee: staffMemberRefSchema.nullable(),
  /** The submitted answers, read as the draft application. */
  application: draftApplicationSchema,
  documents: z.array(staffDocumentSchema),
  statusHistory: z.array(
    z.object({
      status: submittedStatusSchema,
      changedAt: z.string(),
      by: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
  auditTrail: z.array(auditEntrySchema),
  allowedActions: z.array(staffActionSchema),
});
export type StaffApplication = z.infer<typeof staffApplicationSchema>;

export const DECISION_REASON_MAX = 2000;
const reasonSchema = z.string().trim().min(1, 'A reason is required.').max(DECISION_REASON_MAX);

/** POST /api/Staff/applications/{id}/status */
export const changeStatusRequestSchema = z
  .object({
    action: staffActionSchema,
    version: z.number().int().positive(),
    reason: z.string().trim().max(DECISION_REASON_MAX).optional(),
  })
  .superRefine((value, context) => {
    if ((value.action === 'deny' || value.action === 'withdraw') && !value.reason) {
      context.addIssue({ code: 'custom', path: ['reason'], message: 'A reason is required.' });
    }
  });
export type ChangeStatusRequest = z.infer<typeof changeStatusRequestSchema>;

/** The web form for a decision with a reason. */
export const decisionReasonFormSchema = z.object({ reason: reasonSchema });
export type DecisionReasonForm = z.infer<typeof decisionReasonFormSchema>;

/** POST /api/Staff/applications/{id}/assign: take it (`me`) or give it back (null). */
export const assignRequestSchema = z.object({
  assignee: z.literal('me').nullable(),
  version: z.number().int().positive(),
});
export type AssignRequest = z.infer<typeof assignRequestSchema>;

/** The answer to every change: the application's new status, version and assignee. */
export const staffChangeResponseSchema = z.object({
  applicationId: z.number().int().positive(),
  status: submittedStatusSchema,
  version: z.number().int().positive(),
  assignee: staffMemberRefSchema.nullable(),
});
export type StaffChangeResponse = z.infer<typeof staffChangeResponseSchema>;

/** POST /api/Staff/applications/{id}/documents: ask the applicant for one more document. */
export const requestDocumentSchema = z.object({
  documentName: z.string().trim().min(1, 'Enter the document’s name.').max(200),
  description: z.string().trim().min(1, 'Describe what the applicant should send.').max(1000),
});
export type RequestDocument = z.infer<typeof requestDocumentSchema>;

/** POST /api/Staff/applications/{id}/documents/{documentId}/waive */
export const waiveDocumentSchema = z.object({ reason: reasonSchema });
export type WaiveDocument = z.infer<typeof waiveDocumentSchema>;

/** Problem types of the staff calls, for the web app to pick its translated message. */
export const staffProblemTypes = {
  versionConflict: 'urn:ccap:problem:version-conflict',
  invalidTransition: 'urn:ccap:problem:invalid-transition',
  documentsClosed: 'urn:ccap:problem:application-closed',
  /** Assigning (or giving back) an application that is decided or withdrawn. */
  assignmentClosed: 'urn:ccap:problem:assignment-closed',
  /** "All matching" of a bulk action matches more than it takes. */
  bulkTooMany: 'urn:ccap:problem:bulk-too-many',
  /** A bulk assignment to someone who is not staff, or who works in none of the caller's counties. */
  bulkWorker: 'urn:ccap:problem:bulk-worker',
} as const;

/** GET /api/Staff/audit (administrators): search the whole audit trail. */
export const auditSearchQuerySchema = z.object({
  action: z.string().trim().max(80).optional(),
  entityType: z.string().trim().max(80).optional(),
  entityId: z.string().trim().max(80).optional(),
  /** Part of the actor's name or email. */
  actor: z.string().trim().max(120).optional(),
  /** Reads only (someone opened an application or its files, ADR 084), or changes only. */
  kind: z.enum(['read', 'change']).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditSearchQuery = z.infer<typeof auditSearchQuerySchema>;
export type AuditSearchQueryInput = z.input<typeof auditSearchQuerySchema>;

export const auditSearchResponseSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type AuditSearchResponse = z.infer<typeof auditSearchResponseSchema>;

const countSchema = z.object({ key: z.string(), count: z.number().int().nonnegative() });

/** GET /api/Staff/statistics: the caller's counties (all for an administrator). */
export const staffStatisticsSchema = z.object({
  total: z.number().int().nonnegative(),
  byStatus: z.array(countSchema),
  byCounty: z.array(countSchema),
  byProviderType: z.array(countSchema),
  /** Median whole days from submission to approval or denial; null before any decision. */
  medianDaysToDecision: z.number().nullable(),
  decided: z.number().int().nonnegative(),
  overdue: z.number().int().nonnegative(),
  /** Requests for information still pending, and those of them past their due date with no answer yet. */
  rfisOpen: z.number().int().nonnegative(),
  rfisOverdue: z.number().int().nonnegative(),
});
export type StaffStatistics = z.infer<typeof staffStatisticsSchema>;

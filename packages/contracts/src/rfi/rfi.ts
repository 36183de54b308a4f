import { z } from 'zod';
import { applicationStatusSchema } from '../application/drafts';
import { changeStatusSchema } from '../provider-record/changes';
import { plusDays, todayIso } from '../application/rules';
import { DOCUMENT_FILE_NAME_MAX } from '../documents/documents';

/**
 * Spec section 4: an RFI's status is a free description; the portal writes 'pending' when a
 * service worker requests information and 'completed' when they close it.
 */
export const rfiStatuses = ['pending', 'completed'] as const;
export const rfiStatusSchema = z.enum(rfiStatuses);
export type RfiStatus = z.infer<typeof rfiStatusSchema>;

/** Days the applicant has to answer when the service worker names no due date. */
export const RFI_DEFAULT_DUE_DAYS = 10;
/** The latest due date a service worker may name: a year from today. */
export const RFI_DUE_MAX_DAYS = 365;
/** The field error of a due date out of range, on the form and from the API. */
export const RFI_DUE_DATE_OUT_OF_RANGE = 'The due date must be between today and a year from now.';
export const RFI_COMMENT_MAX = 4000;

/** The spec's validation message (section 5), also the API's field error. */
export const SERVICE_WORKER_COMMENT_REQUIRED = 'Service worker comment is required.';
export const RFI_REPLY_EMPTY = 'Write a response or attach a document.';

/** Problem types of refused RFI calls, for the web app to pick its translated message. */
export const rfiProblemTypes = {
  notPending: 'urn:ccap:problem:rfi-not-pending',
  applicationClosed: 'urn:ccap:problem:application-closed',
} as const;

/** The due dates someone whose calendar says `today` may name: today to a year from it. */
export const rfiDueDateRange = (today: string) => ({ min: today, max: plusDays(today, RFI_DUE_MAX_DAYS) });

const inRange = (date: string, range: { min: string; max: string }) => date >= range.min && date <= range.max;

/**
 * The API's check of the same rule, on the program's day: `todayIso` counts in the program's
 * time zone on the server (from start-up) and in the browser (once the profile has arrived), so
 * what the staff form takes the API takes, and a date already past in the program's state, which
 * would make the request overdue the moment it is made, is refused. (It took any date that was
 * today somewhere, UTC's yesterday to tomorrow, before the program had a time zone.)
 */
export const isRfiDueDateAllowed = (dueDate: string, now = new Date()) =>
  inRange(dueDate, rfiDueDateRange(todayIso(now)));

/** The range is checked on a well-formed date only: a malformed one gets its own message, alone. */
const dueDateOutOfRange = {
  message: RFI_DUE_DATE_OUT_OF_RANGE,
  when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0,
};

const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const bodyIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const commentSchema = z.string().trim().max(RFI_COMMENT_MAX);

/** One file of an RFI, as the list shows it: `url` streams the bytes (bearer token needed). */
export const rfiDocumentSchema = z.object({
  rfiDocumentId: z.number().int().positive(),
  documentName: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
  url: z.string(),
});
export type RfiDocument = z.infer<typeof rfiDocumentSchema>;

/**
 * Spec section 3 "RFI (read)": statusDescription, createdDate, createdBy, serviceWorkerComment,
 * applicantComment, documents (rfiDocumentId, documentName, url). The rest is additive.
 */
export const rfiSchema = z.object({
  rfiId: z.number().int().positive(),
  /** The application it is about; for an RFI on a reported change, the application of the change's record. */
  applicationId: z.number().int().positive(),
  /** The reported change it is about (ADR 101), or null for an RFI on an application. */
  changeId: z.number().int().positive().nullable(),
  statusDescription: z.string(),
  status: rfiStatusSchema,
  /** ISO date-time. */
  createdDate: z.string(),
  /** The email of the service worker who requested the information (spec). */
  createdBy: z.string(),
  createdByName: z.string(),
  /** ISO calendar date. */
  dueDate: z.string(),
  serviceWorkerComment: z.string().nullable(),
  applicantComment: z.string().nullable(),
  respondedDate: z.string().nullable(),
  completedDate: z.string().nullable(),
  documents: z.array(rfiDocumentSchema),
});
export type Rfi = z.infer<typeof rfiSchema>;
/** GET /api/Rfi/{applicationId}: newest first. */
export const rfiListSchema = z.array(rfiSchema);

export const rfiApplicationParamsSchema = z.object({ applicationId: idSchema });
/** GET /api/Rfi/changes/{changeId} and its permissions: the RFIs of a reported change. */
export const rfiChangeParamsSchema = z.object({ changeId: idSchema });
export const rfiDocumentParamsSchema = z.object({ rfiDocumentId: idSchema });
export const rfiDownloadQuerySchema = z.object({ rfiDocumentId: idSchema });

/** A file sent inside an RFI call, spec section 3: base64 without the data-URL prefix. */
export const rfiDocumentUploadSchema = z.object({
  documentName: z.string().trim().min(1).max(DOCUMENT_FILE_NAME_MAX),
  documentStream: z.base64('must be base64 (without a data: URL prefix)'),
  /** Ignored: the uploader is the signed-in user (DESIGN.md section 8), whatever is sent. */
  uploadedBy: z.union([z.string(), z.number()]).optional(),
});
export type RfiDocumentUpload = z.infer<typeof rfiDocumentUploadSchema>;

/** What the service worker's form checks: the request text is required (spec section 5). */
export const rfiRequestFormSchema = z.object({
  serviceWorkerComment: commentSchema.min(1, SERVICE_WORKER_COMMENT_REQUIRED),
  /** Optional; ten days from today when left out. Today is the reader's, read when the form is checked. */
  dueDate: z
    .union([z.iso.date(), z.literal('')])
    .optional()
    .refine((date) => !date || inRange(date, rfiDueDateRange(todayIso())), dueDateOutOfRange),
});
export type RfiRequestForm = z.infer<typeof rfiRequestFormSchema>;

/** What the applicant's form checks; a file is required on send (spec section 5). */
export const rfiReplyFormSchema = z.object({ applicantComment: commentSchema });
export type RfiReplyForm = z.infer<typeof rfiReplyFormSchema>;

/**
 * Spec section 3 "RFI form / create payload", for POST /api/rfi/CreateRfi (staff of the
 * application's county). createdBy and uploadedBy come from the token, whatever is sent.
 */
export const createRfiRequestSchema = z
  .object({
    /** The application asked about; or, instead, `changeId`: a change reported on a provider record. */
    applicationId: bodyIdSchema.optional(),
    changeId: bodyIdSchema.optional(),
    serviceWorkerComment: z
      .string(SERVICE_WORKER_COMMENT_REQUIRED)
      .trim()
      .min(1, SERVICE_WORKER_COMMENT_REQUIRED)
      .max(RFI_COMMENT_MAX),
    /** Ignored here: the applicant answers through RespondRfi. */
    applicantComment: z.string().nullable().optional(),
    /** Ignored: the creator is the signed-in user. */
    createdBy: z.string().nullable().optional(),
    /** A new RFI is pending; nothing else may be asked for. */
    status: z.literal('pending').optional(),
    dueDate: z.iso
      .date()
      .refine((date) => isRfiDueDateAllowed(date), dueDateOutOfRange)
      .optional(),
    document: rfiDocumentUploadSchema.nullable().optional(),
  })
  .refine((body) => (body.applicationId === undefined) !== (body.changeId === undefined), {
    path: ['applicationId'],
    message: 'Name either an application or a change.',
  });
export type CreateRfiRequest = z.infer<typeof createRfiRequestSchema>;
/** The new RFI's id (spec: "returns the new RFI id"). */
export const createRfiResponseSchema = z.object({ rfiId: z.number().int().positive() });
export type CreateRfiResponse = z.infer<typeof createRfiResponseSchema>;

/** POST /api/rfi/RespondRfi: the applicant answers a pending RFI with a comment, a file, or both. */
export const respondRfiRequestSchema = z
  .object({
    rfiId: bodyIdSchema,
    applicantComment: commentSchema.nullable().optional(),
    document: rfiDocumentUploadSchema.nullable().optional(),
  })
  .refine((body) => Boolean(body.applicantComment) || Boolean(body.document), {
    path: ['applicantComment'],
    message: RFI_REPLY_EMPTY,
  });
export type RespondRfiRequest = z.infer<typeof respondRfiRequestSchema>;

/** POST /api/rfi/CompleteRfi: staff close a pending RFI. */
export const completeRfiRequestSchema = z.object({ rfiId: bodyIdSchema });
export type CompleteRfiRequest = z.infer<typeof completeRfiRequestSchema>;

/** GET /api/Rfi/{applicationId}/permissions: which side of the RFI page the caller is on. */
export const rfiPermissionsSchema = z.object({
  applicationId: z.number().int().positive(),
  applicationStatus: applicationStatusSchema,
  /** 'service-worker' for staff of the application's county (not its owner), else 'applicant'. */
  mode: z.enum(['service-worker', 'applicant']),
  canRequest: z.boolean(),
  canComplete: z.boolean(),
  canReply: z.boolean(),
});
export type RfiPermissions = z.infer<typeof rfiPermissionsSchema>;

/** GET /api/Rfi/changes/{changeId}/permissions: the same for the RFIs of a reported change. */
export const rfiChangePermissionsSchema = rfiPermissionsSchema
  .omit({ applicationStatus: true })
  .extend({ changeId: z.number().int().positive(), changeStatus: changeStatusSchema });
export type RfiChangePermissions = z.infer<typeof rfiChangePermissionsSchema>;

import { z } from 'zod';
import type { ApplicationStatus } from '../application/drafts';

/**
 * The file types an applicant may upload (DESIGN.md section 8): decided by the file's
 * content, never by its name or the browser's claim. `accept` feeds a file chooser.
 */
export const allowedDocumentTypes = [
  { label: 'PDF', extension: 'pdf', mimeTypes: ['application/pdf'] },
  { label: 'JPEG', extension: 'jpg', mimeTypes: ['image/jpeg'] },
  { label: 'PNG', extension: 'png', mimeTypes: ['image/png'] },
  { label: 'GIF', extension: 'gif', mimeTypes: ['image/gif'] },
  { label: 'WEBP', extension: 'webp', mimeTypes: ['image/webp'] },
  { label: 'HEIC', extension: 'heic', mimeTypes: ['image/heic', 'image/heif'] },
  { label: 'DOC', extension: 'doc', mimeTypes: ['application/msword'] },
  {
    label: 'DOCX',
    extension: 'docx',
    mimeTypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  },
  { label: 'ODT', extension: 'odt', mimeTypes: ['application/vnd.oasis.opendocument.text'] },
] as const;
export const allowedDocumentTypeLabels = allowedDocumentTypes.map((type) => type.label);
export const documentAccept = allowedDocumentTypes
  .flatMap((type) => [`.${type.extension}`, ...type.mimeTypes])
  .join(',');

/** Problem types of a refused upload, for the web app to pick its translated message. */
export const documentProblemTypes = {
  tooLarge: 'urn:ccap:problem:file-too-large',
  unsupportedType: 'urn:ccap:problem:unsupported-file-type',
  empty: 'urn:ccap:problem:empty-file',
  infected: 'urn:ccap:problem:infected-file',
  closed: 'urn:ccap:problem:application-closed',
  /** 507: the document store has no room; the file was not kept. */
  storageFull: 'urn:ccap:problem:storage-full',
} as const;

export const DOCUMENT_FILE_NAME_MAX = 255;

/** Statuses in which the applicant can still add documents; after a decision they cannot. */
export const statusesOpenForDocuments = [
  'submitted',
  'in-review',
  'information-requested',
] as const satisfies readonly ApplicationStatus[];

/** The stored file behind a document, once uploaded. */
export const documentFileSchema = z.object({
  /** The name the applicant's file had (its last path segment), for display. */
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  uploadedAt: z.string(),
});
export type DocumentFile = z.infer<typeof documentFileSchema>;

/**
 * Spec section 3 "Required document": documentId, documentName, description, isUploaded.
 * The rest is additive: whether staff still require it, and the uploaded file.
 */
export const requiredDocumentSchema = z.object({
  documentId: z.number().int().positive(),
  /** The profile rule it comes from ("staff-request" when staff asked for it): names it in every language. */
  code: z.string(),
  documentName: z.string(),
  description: z.string(),
  isUploaded: z.boolean(),
  isRequired: z.boolean(),
  isWaived: z.boolean(),
  /** Why staff waived it, when they did: their dialog tells them the applicant will see it. */
  waiveReason: z.string().nullable(),
  /**
   * Whether the caller may upload a file for it now: the applicant, while the application is
   * not decided or withdrawn (false in staff views). A page offers no upload the API would
   * refuse only after the whole file has been sent.
   */
  canUpload: z.boolean(),
  file: documentFileSchema.nullable(),
  /**
   * The credential the document proves, where it proves one (ADR 115): the day it expires (none
   * when it does not) and its state on the program's day. Absent for other documents.
   */
  credential: z
    .object({
      expiresOn: z.string().optional(),
      status: z.enum(['valid', 'expiring', 'expired', 'missing']),
    })
    .optional(),
});
export type RequiredDocument = z.infer<typeof requiredDocumentSchema>;
export const requiredDocumentListSchema = z.array(requiredDocumentSchema);

const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** GET /api/Application/{id}/documents */
export const applicationDocumentsParamsSchema = z.object({ id: idSchema });
/** POST and GET /api/Application/{id}/documents/{documentId}/file */
export const documentFileParamsSchema = z.object({ id: idSchema, documentId: idSchema });
/** POST /api/Application/download-document?documentId={id} */
export const downloadDocumentQuerySchema = z.object({ documentId: idSchema });

/**
 * Spec section 3 "Upload payload", for POST /api/Application/upload-documents. The whole file
 * travels as base64 in JSON; large files go through the multipart call instead.
 */
export const uploadDocumentRequestSchema = z.object({
  documentStream: z.base64('must be base64 (without a data: URL prefix)'),
  applicationId: z.number().int().positive(),
  /** The file name. */
  documentName: z.string().trim().min(1).max(DOCUMENT_FILE_NAME_MAX),
  documentId: z.number().int().positive(),
  /** Ignored: the uploader is the signed-in user (DESIGN.md section 8), whatever is sent. */
  uploadedBy: z.union([z.number(), z.string()]).optional(),
});
export type UploadDocumentRequest = z.infer<typeof uploadDocumentRequestSchema>;

/** Both upload calls answer with the document as the list shows it now. */
export const uploadDocumentResponseSchema = requiredDocumentSchema;

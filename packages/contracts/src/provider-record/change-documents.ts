import { z } from 'zod';
import { DOCUMENT_FILE_NAME_MAX } from '../documents/documents';
import { changeDocumentSchema } from './changes';

/**
 * The documents a reported change needs (a record check per adult or assistant it adds), and the
 * files the provider uploaded for each, on the change itself.
 */
const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const changeDocumentFileParamsSchema = z.object({ documentId: idSchema });

/** One uploaded file; `url` streams the bytes (bearer token needed). */
export const changeDocumentFileSchema = z.object({
  documentId: z.number().int().positive(),
  code: z.string(),
  documentName: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  uploadedAt: z.string(),
  url: z.string(),
});
export type ChangeDocumentFile = z.infer<typeof changeDocumentFileSchema>;

/** A document the change needs, with its files; `missing` while it has none. */
export const neededChangeDocumentSchema = changeDocumentSchema.extend({
  files: z.array(changeDocumentFileSchema),
  missing: z.boolean(),
});
export type NeededChangeDocument = z.infer<typeof neededChangeDocumentSchema>;

/** GET /api/ProviderRecord/changes/{changeId}/documents. */
export const changeDocumentsSchema = z.object({
  changeId: z.number().int().positive(),
  documents: z.array(neededChangeDocumentSchema),
  /** How many needed documents have no file yet. */
  missingCount: z.number().int().nonnegative(),
  /** The caller is the provider and the change is not decided yet: they may upload and delete. */
  canUpload: z.boolean(),
});
export type ChangeDocuments = z.infer<typeof changeDocumentsSchema>;

/** POST /api/ProviderRecord/changes/{changeId}/documents: one file for one needed document, as base64. */
export const changeDocumentUploadSchema = z.object({
  code: z.string().trim().min(1).max(100),
  documentName: z.string().trim().min(1).max(300),
  fileName: z.string().trim().min(1).max(DOCUMENT_FILE_NAME_MAX),
  documentStream: z.base64('must be base64 (without a data: URL prefix)'),
});
export type ChangeDocumentUpload = z.infer<typeof changeDocumentUploadSchema>;

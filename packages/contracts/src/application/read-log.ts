import { z } from 'zod';

/**
 * What the audit trail records when someone at the agency opens part of an application (ADR 084):
 * the review page, its PDF copy, a document's file, an RFI's file.
 */
export const readAuditActions = [
  'application.read',
  'application.pdf.read',
  'document.read',
  'rfi.file.read',
  'export.read',
] as const;
export const readAuditActionSchema = z.enum(readAuditActions);
export type ReadAuditAction = z.infer<typeof readAuditActionSchema>;

/** GET /api/Application/{applicationId}/reads: the owner's view of who at the agency opened it. */
export const applicationReadLogParamsSchema = z.object({
  applicationId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const applicationReadSchema = z.object({
  readAt: z.string(),
  action: readAuditActionSchema,
  /** The unit's name, or the staff member's, as the program profile says (`readLog.showReader`). */
  reader: z.string(),
  /** The document or file opened, by its name, where the read was of one. */
  item: z.string().nullable(),
});
export type ApplicationRead = z.infer<typeof applicationReadSchema>;

/** The most recent reads, newest first, and how many there are in all. */
export const applicationReadLogSchema = z.object({
  applicationId: z.number().int().positive(),
  readerShownAs: z.enum(['unit', 'person']),
  items: z.array(applicationReadSchema),
  total: z.number().int().nonnegative(),
});
export type ApplicationReadLog = z.infer<typeof applicationReadLogSchema>;

/** The most reads the log lists at once. */
export const APPLICATION_READ_LOG_LIMIT = 100;

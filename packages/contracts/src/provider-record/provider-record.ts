import { z } from 'zod';
import { draftApplicationSchema } from '../application/draft-application';
import { isoDateSchema } from '../application/rules';
import { requiredDocumentSchema } from '../documents/documents';
import { changeDocumentFileSchema } from './change-documents';
import { approvalTermSchema } from './approval-term';

/**
 * The provider's record after approval (issue #41, ADR 100): the approved application's answers,
 * versioned; each version with the days it was in force and who changed what, when and why.
 * The record is named by its approved application's id.
 */

/** The parts of a record, each the answers of one of the application's steps. */
export const recordParts = [
  'categoryTypes',
  'providerInfo',
  'address',
  'assistants',
  'children',
  'adults',
  'w9Info',
  'ratesInfo',
  'operationHoursInfo',
  'conditions',
] as const;
export const recordPartSchema = z.enum(recordParts);
export type RecordPart = z.infer<typeof recordPartSchema>;

const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const providerRecordParamsSchema = z.object({ applicationId: idSchema });
/** `on`: the day whose version to show ("what was true on 3 March"); today when absent. */
export const providerRecordQuerySchema = z.object({ on: isoDateSchema.optional() });
export type ProviderRecordQuery = z.infer<typeof providerRecordQuerySchema>;

/**
 * Who made a version: the provider themselves, the agency (a unit's name, or a staff member's
 * when the program profile's read log names people), or the program (a record made at start-up
 * for an application approved before records existed).
 */
export const recordAuthorSchema = z.object({
  kind: z.enum(['provider', 'agency', 'program']),
  name: z.string().nullable(),
});
export type RecordAuthor = z.infer<typeof recordAuthorSchema>;

export const recordVersionSummarySchema = z.object({
  version: z.number().int().positive(),
  /** The first day it was in force. */
  validFrom: z.string(),
  /** The day it stopped being in force (the next version's first day); null: in force now. */
  validTo: z.string().nullable(),
  changedAt: z.string(),
  changedBy: recordAuthorSchema,
  reason: z.string().nullable(),
  /** The parts whose answers differ from the version before (none for the first). */
  changed: z.array(recordPartSchema),
});
export type RecordVersionSummary = z.infer<typeof recordVersionSummarySchema>;

/** GET /api/ProviderRecordView/{applicationId}: the record as it was on a day, with its history. */
export const providerRecordViewSchema = z.object({
  applicationId: z.number().int().positive(),
  licenseNumber: z.string(),
  status: z.enum(['active', 'ended']),
  /** How long the approval lasts, and whether it has lapsed (ADR 107). */
  approval: approvalTermSchema,
  county: z.string().nullable(),
  /** The day asked for (today when none was). */
  on: z.string(),
  /** The version in force that day, null before the record began. */
  inForce: z
    .object({
      version: z.number().int().positive(),
      validFrom: z.string(),
      validTo: z.string().nullable(),
      /** Its answers, protected ones masked. */
      answers: draftApplicationSchema,
    })
    .nullable(),
  currentVersion: z.number().int().positive(),
  history: z.array(recordVersionSummarySchema),
  /** The documents on file: the approved application's. */
  documents: z.array(requiredDocumentSchema),
  /** And the files sent with the changes applied to the record since. */
  changeDocuments: z.array(changeDocumentFileSchema).optional(),
});
export type ProviderRecordView = z.infer<typeof providerRecordViewSchema>;

/** GET /api/ProviderRecordView: the caller's record, or null when no application of theirs was approved. */
export const myProviderRecordSchema = z.object({ record: providerRecordViewSchema.nullable() });
export type MyProviderRecord = z.infer<typeof myProviderRecordSchema>;

/** The license number the public directory lists an approved application's provider under. */
export const licenseNumberOf = (applicationId: number) => `CCA-${String(applicationId).padStart(7, '0')}`;

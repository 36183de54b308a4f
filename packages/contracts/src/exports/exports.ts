import { z } from 'zod';
import { staffChangeQuerySchema } from '../provider-record/changes';
import { applicationListingKeys, staffQueueFiltersSchema } from '../staff/staff';

/**
 * Exports of the staff queue (ADR 110): the queue's own filters, the columns chosen, a format;
 * written by a background job to a file the requester downloads for 24 hours.
 */

export const exportFormats = ['xlsx', 'csv'] as const;
export const exportFormatSchema = z.enum(exportFormats);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

/** The columns of an export of applications, in the file's order. */
export const applicationExportColumns = [
  ...applicationListingKeys,
  'decidedAt',
  'daysWaiting',
  'assignee',
  'openRfiCount',
  'nextRfiDueAt',
  'address',
  'taxpayerNumber',
  'dateOfBirth',
] as const;

/** The columns of an export of reported changes, in the file's order. */
export const changeExportColumns = [
  'changeId',
  'applicationId',
  'providerName',
  'county',
  'status',
  'parts',
  'effectiveDate',
  'submittedAt',
  'decidedAt',
  'openRfiCount',
] as const;

export type ExportColumn = (typeof applicationExportColumns)[number] | (typeof changeExportColumns)[number];

/** What a de-identified export leaves out: names, addresses, taxpayer numbers and dates of birth. */
export const identifyingExportColumns: readonly ExportColumn[] = [
  'providerName',
  'address',
  'taxpayerNumber',
  'dateOfBirth',
];

/** The application queue's filters: its query without sort and paging. */
export const applicationExportFiltersSchema = staffQueueFiltersSchema;
export type ApplicationExportFilters = z.infer<typeof applicationExportFiltersSchema>;

/** The change queue's filters: its query without sort and paging (`conflicts` as a boolean). */
export const changeExportFiltersSchema = staffChangeQuerySchema
  .pick({
    status: true,
    county: true,
    part: true,
    effectiveFrom: true,
    effectiveTo: true,
    submittedFrom: true,
    submittedTo: true,
    decidedFrom: true,
    decidedTo: true,
  })
  .extend({ conflicts: z.boolean().optional() });
export type ChangeExportFilters = z.infer<typeof changeExportFiltersSchema>;

const columnsOf = <C extends readonly [string, ...string[]]>(columns: C) =>
  z
    .array(z.enum(columns))
    .min(1, 'Choose at least one column.')
    .max(columns.length)
    .refine((list) => new Set(list).size === list.length, 'A column is chosen twice.');

/** POST /api/Staff/exports: what to export, in which columns and format. */
export const createExportRequestSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('application'),
    filters: applicationExportFiltersSchema.default({}),
    columns: columnsOf(applicationExportColumns),
    format: exportFormatSchema,
    deIdentified: z.boolean().default(false),
  }),
  z.object({
    kind: z.literal('change'),
    filters: changeExportFiltersSchema.default({}),
    columns: columnsOf(changeExportColumns),
    format: exportFormatSchema,
    deIdentified: z.boolean().default(false),
  }),
]);
export type CreateExportRequest = z.infer<typeof createExportRequestSchema>;
export type CreateExportRequestInput = z.input<typeof createExportRequestSchema>;

export const exportStatuses = ['queued', 'running', 'ready', 'failed'] as const;
export const exportStatusSchema = z.enum(exportStatuses);
export type ExportStatus = z.infer<typeof exportStatusSchema>;

/** One export, as its requester's list shows it. */
export const exportItemSchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(['application', 'change']),
  format: exportFormatSchema,
  columns: z.array(z.string()),
  deIdentified: z.boolean(),
  status: exportStatusSchema,
  /** Rows written so far, and in all (counted when it was asked for). */
  rowsWritten: z.number().int().nonnegative(),
  totalRows: z.number().int().nonnegative(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Until when the file can be downloaded (24 hours after it was ready). */
  expiresAt: z.string().nullable(),
  /** The download's path while it can be downloaded, else null. */
  downloadUrl: z.string().nullable(),
});
export type ExportItem = z.infer<typeof exportItemSchema>;

export const exportListSchema = z.object({ items: z.array(exportItemSchema) });
export type ExportList = z.infer<typeof exportListSchema>;

export const exportParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** How long a ready export can be downloaded. */
export const EXPORT_DOWNLOAD_HOURS = 24;

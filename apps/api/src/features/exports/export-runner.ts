import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  type ApplicationExportFilters,
  applicationExportFiltersSchema,
  type ChangeExportFilters,
  changeExportFiltersSchema,
  identifyingExportColumns,
  localeCodes,
  MASK,
  maskProtectedValue,
  protectedFieldsOf,
} from '@ccap/contracts';
import type { FieldCipher } from '../../crypto/field-cipher';
import type { BlobStore } from '../../storage/blob-store';
import type { LocaleCode, LocaleSource } from '../application/pdf/labels';
import type { ChangeQueueRepository } from '../staff/change-queue.repository';
import type { QueueRepository } from '../staff/queue.repository';
import type { StaffScope } from '../staff/staff-scope';
import { type ExportCell, openExportWriter } from './export-writer';
import { exportBlobKey, type ExportRow, type ExportsRepository } from './exports.repository';

/** Rows read from the database and written to the file at a time. */
export const EXPORT_BATCH = 1_000;

export class ExportTooLargeError extends Error {
  override name = 'ExportTooLargeError';
  constructor(
    readonly rows: number,
    readonly max: number,
  ) {
    super(`The export matches ${rows} rows, more than the ${max} allowed`);
  }
}

export interface ExportRunnerOptions {
  exports: ExportsRepository;
  queue: QueueRepository;
  changeQueue: ChangeQueueRepository;
  cipher: FieldCipher;
  blobs: BlobStore;
  locales: LocaleSource;
  maxRows: number;
  batchSize?: number;
}

type Answers = Record<string, unknown>;
const part = (answers: Answers, key: string) => (answers[key] ?? {}) as Answers;

/** The care location's address on one line. */
function addressOf(answers: Answers): string | null {
  const place = part(part(answers, 'address'), 'careLocation');
  const line = [place.address1, place.address2, place.city, place.state, place.zipCode]
    .filter((value) => typeof value === 'string' && value !== '')
    .join(', ');
  return line || null;
}

/**
 * A protected answer as an export holds it: masked, never clear (ADR 080). A date of birth is all
 * mask; a taxpayer number its last four digits, read from the sealed row only when asked for.
 */
async function maskedTin(cipher: FieldCipher, id: number, answers: Answers, dataKey: string | null) {
  const sealed = protectedFieldsOf(answers).find((field) => field.kind === 'tin');
  if (!sealed) return null;
  const open = await cipher.open('application', id, answers, dataKey);
  const tin = protectedFieldsOf(open).find((field) => field.kind === 'tin');
  if (!tin || tin.value.includes(MASK)) return null;
  const tinType = part(open, 'w9Info').tinType;
  return maskProtectedValue('tin', tin.value, typeof tinType === 'string' ? tinType : undefined);
}
const maskedBirth = (answers: Answers) =>
  typeof part(answers, 'providerInfo').dateOfBirth === 'string' ? maskProtectedValue('dateOfBirth', '') : null;

/**
 * Writes one export (ADR 110): the rows its filters match in its requester's scope as it is now,
 * read by id in batches (keyset) and streamed to a staged file, which is stored once whole. A
 * failure removes the staged file: no partial file is ever stored.
 */
export function createExportRunner(options: ExportRunnerOptions) {
  const batchSize = options.batchSize ?? EXPORT_BATCH;

  async function rowsOf(job: ExportRow, scope: StaffScope, columns: string[]) {
    if (job.kind === 'application') {
      const filters: ApplicationExportFilters = applicationExportFiltersSchema.parse(job.filters);
      return {
        count: () => options.queue.count(scope, filters),
        async *batches() {
          for (let after = 0; ;) {
            const rows = await options.queue.exportBatch(scope, filters, after, batchSize);
            if (rows.length === 0) return;
            after = rows.at(-1)!.id;
            const cells: ExportCell[][] = [];
            for (const row of rows) {
              const value = async (column: string): Promise<ExportCell> => {
                switch (column) {
                  case 'applicationId':
                    return row.id;
                  case 'address':
                    return addressOf(row.answers);
                  case 'taxpayerNumber':
                    return maskedTin(options.cipher, row.id, row.answers, row.dataKey);
                  case 'dateOfBirth':
                    return maskedBirth(row.answers);
                  default:
                    return (row as unknown as Record<string, ExportCell>)[column] ?? null;
                }
              };
              const cellsOfRow: ExportCell[] = [];
              for (const column of columns) cellsOfRow.push(await value(column));
              cells.push(cellsOfRow);
            }
            yield cells;
          }
        },
      };
    }
    const filters: ChangeExportFilters = changeExportFiltersSchema.parse(job.filters);
    return {
      count: () => options.changeQueue.count(scope, filters),
      async *batches() {
        for (let after = 0; ;) {
          const rows = await options.changeQueue.exportBatch(scope, filters, after, batchSize);
          if (rows.length === 0) return;
          after = rows.at(-1)!.id;
          yield rows.map((row) =>
            columns.map((column): ExportCell => {
              if (column === 'changeId') return row.id;
              if (column === 'parts') return row.parts.join(', ');
              return (row as unknown as Record<string, ExportCell>)[column] ?? null;
            }),
          );
        }
      },
    };
  }

  async function run(job: ExportRow): Promise<void> {
    const staged = path.join(options.blobs.stagingDir, `export-${job.id}-${randomUUID()}.${job.format}`);
    try {
      const scope = await options.exports.scopeOf(job.requested_by);
      if (!scope) throw new Error('The requester is no longer a member of staff');
      // A de-identified export never holds an identifying column, whatever the row says.
      const columns = job.de_identified
        ? job.columns.filter((column) => !identifyingExportColumns.includes(column as never))
        : job.columns;
      const source = await rowsOf(job, scope, columns);
      const total = await source.count();
      if (total > options.maxRows) throw new ExportTooLargeError(total, options.maxRows);
      const lang = await options.exports.languageOf(job.requested_by);
      const labels = await options.locales.labels(
        (localeCodes as readonly string[]).includes(lang) ? (lang as LocaleCode) : 'en',
      );
      const writer = await openExportWriter(
        job.format,
        staged,
        columns.map((column) => labels.t(`exports.columns.${column}`)),
      );
      let written = 0;
      try {
        for await (const batch of source.batches()) {
          for (const row of batch) await writer.add(row);
          written += batch.length;
          await options.exports.progress(job.id, written);
        }
        await writer.close();
      } catch (error) {
        await writer.abort();
        throw error;
      }
      const key = exportBlobKey(job.id, job.format);
      await options.blobs.putStaged(key, staged);
      try {
        await options.exports.finish(job, key, written);
      } catch (error) {
        await options.blobs.delete(key);
        throw error;
      }
    } catch (error) {
      await rm(staged, { force: true });
      await options.exports.fail(job, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }

  return {
    run,
    /** Claims and writes the next queued export; whether there was one. Failures are recorded, then thrown. */
    async runNext(): Promise<boolean> {
      const job = await options.exports.claimNext();
      if (!job) return false;
      await run(job);
      return true;
    },
  };
}
export type ExportRunner = ReturnType<typeof createExportRunner>;

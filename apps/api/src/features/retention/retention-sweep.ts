import type { ProgramProfile } from '@ccap/contracts';
import type { BlobStore } from '../../storage/blob-store';
import type { ExportsRepository } from '../exports/exports.repository';
import type { RemovedBatch, RetentionRepository } from './retention.repository';

const DAY_MS = 86_400_000;

/**
 * One kind of thing the portal keeps for a while (ADR 096): how to delete one batch of what
 * expired before a time.
 */
export interface RetentionKind {
  kind: string;
  /** Kept this many days (the profile's `retention` setting). */
  days: number;
  deleteBatch(before: Date): Promise<RemovedBatch>;
}

/** The kinds the portal keeps today, under the program profile's `retention` settings. */
export function retentionKinds(
  retention: ProgramProfile['retention'],
  repository: RetentionRepository,
  exports?: Pick<ExportsRepository, 'deleteExpired'>,
): RetentionKind[] {
  return [
    {
      kind: 'closedApplications',
      days: retention.closedApplicationDays,
      deleteBatch: (before) => repository.deleteClosedApplications(before),
    },
    {
      kind: 'abandonedDrafts',
      days: retention.abandonedDraftDays,
      deleteBatch: (before) => repository.deleteAbandonedDrafts(before),
    },
    { kind: 'signInCounts', days: 1, deleteBatch: (before) => repository.deleteForgottenSignInCounts(before) },
    // Exports and their files (ADR 110): the download link ends after 24 hours, the row and file after this.
    ...(exports
      ? [{ kind: 'exports', days: retention.exportDays, deleteBatch: (before: Date) => exports.deleteExpired(before) }]
      : []),
  ];
}

export interface SweepResult {
  /** Rows deleted per kind. */
  counts: Record<string, number>;
  /** Stored files deleted (documents and RFI files). */
  files: number;
}

/**
 * Deletes, kind by kind and batch by batch, what has been kept past its time, then the files the
 * deleted rows named, and records one `retention.sweep` audit entry with the counts. The audit
 * trail itself is never swept: its entries about what was deleted stay.
 */
export async function sweepExpired(options: {
  repository: RetentionRepository;
  blobs: BlobStore;
  kinds: RetentionKind[];
  now?: Date;
}): Promise<SweepResult> {
  const now = options.now ?? new Date();
  const counts: Record<string, number> = {};
  let files = 0;
  for (const kind of options.kinds) {
    const before = new Date(now.getTime() - kind.days * DAY_MS);
    let deleted = 0;
    for (;;) {
      const batch = await kind.deleteBatch(before);
      deleted += batch.rows;
      for (const key of batch.blobKeys) {
        await options.blobs.delete(key);
        files++;
      }
      if (batch.rows === 0) break;
    }
    counts[kind.kind] = deleted;
  }
  await options.repository.recordSweep(now.toISOString().slice(0, 10), { counts, files });
  return { counts, files };
}

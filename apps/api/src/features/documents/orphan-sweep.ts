import fs from 'node:fs/promises';
import path from 'node:path';
import type { BlobStore } from '../../storage/blob-store';

const BATCH = 500;

/** Whatever rows point at stored files: application documents, RFI files. */
export interface FileReferences {
  referencedKeys(keys: string[]): Promise<Set<string>>;
}

/** The keys any of these tables still points at. */
export const referencedByAny = (...owners: FileReferences[]): FileReferences => ({
  async referencedKeys(keys) {
    const found = await Promise.all(owners.map((owner) => owner.referencedKeys(keys)));
    return new Set(found.flatMap((set) => [...set]));
  },
});

/**
 * Removes what a crash can leave behind: staged files of uploads that never finished, and
 * stored files whose row was never committed (a crash between the rename and the commit).
 * Only files older than `olderThanMs` are touched, so uploads in flight on another instance
 * are safe. Run at start-up.
 */
export async function sweepOrphanFiles(
  blobs: BlobStore,
  documents: FileReferences,
  options: { olderThanMs: number; now?: Date },
): Promise<{ staged: number; stored: number }> {
  const cutoff = (options.now ?? new Date()).getTime() - options.olderThanMs;
  let staged = 0;
  for (const name of await fs.readdir(blobs.stagingDir).catch(() => [])) {
    const file = path.join(blobs.stagingDir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (stat?.isFile() && stat.mtimeMs < cutoff) {
      await fs.rm(file, { force: true });
      staged++;
    }
  }

  let stored = 0;
  const sweep = async (keys: string[]) => {
    const referenced = await documents.referencedKeys(keys);
    for (const key of keys.filter((candidate) => !referenced.has(candidate))) {
      await blobs.delete(key);
      stored++;
    }
  };
  let batch: string[] = [];
  for await (const entry of blobs.list()) {
    if (entry.storedAt.getTime() >= cutoff) continue;
    batch.push(entry.key);
    if (batch.length === BATCH) {
      await sweep(batch);
      batch = [];
    }
  }
  await sweep(batch);
  return { staged, stored };
}

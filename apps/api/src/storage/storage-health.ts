import fs from 'node:fs/promises';

/** A file could not be written: the document store has no room. */
export class StorageFullError extends Error {
  override name = 'StorageFullError';
  constructor(override readonly cause: unknown) {
    super('the document store has no room for this file');
  }
}

export interface StorageStatus {
  status: 'up' | 'degraded';
  /** Bytes free to this process where files are received, when the platform says. */
  freeBytes?: number;
}

export interface StorageHealth {
  /** A write failed for lack of space: degraded until a later write succeeds. */
  noteFull(): void;
  /** A file was written whole. */
  noteWritten(): void;
  check(): Promise<StorageStatus>;
}

/**
 * Whether the document store can take files: degraded after a write failed for lack of space
 * (until one succeeds again), or while the folder files are received into has less room than
 * the largest file allowed. Per instance; every instance of a shared store sees the same room.
 */
export function createStorageHealth(options: {
  stagingDir: string;
  minFreeBytes: number;
  statfs?: (dir: string) => Promise<{ bavail: number | bigint; bsize: number | bigint }>;
}): StorageHealth {
  const statfs = options.statfs ?? ((dir: string) => fs.statfs(dir));
  let full = false;
  return {
    noteFull: () => {
      full = true;
    },
    noteWritten: () => {
      full = false;
    },
    async check() {
      let freeBytes: number | undefined;
      try {
        const stats = await statfs(options.stagingDir);
        freeBytes = Number(stats.bavail) * Number(stats.bsize);
      } catch {
        // A platform without statfs: only the last write's outcome counts.
      }
      const roomy = freeBytes === undefined || freeBytes >= options.minFreeBytes;
      return { status: !full && roomy ? 'up' : 'degraded', ...(freeBytes === undefined ? {} : { freeBytes }) };
    },
  };
}

import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertBlobKey, BlobNotFoundError, type BlobStore, InvalidBlobKeyError } from './blob-store';

const STAGING = '.staging';

const isNotFound = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Makes a rename or a new file in `dir` survive a power cut (where the platform allows it). */
async function syncDirectory(dir: string) {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch (error) {
    // Some platforms and filesystems refuse fsync on a directory; the rename still happened.
    if (!['EISDIR', 'EINVAL', 'EPERM', 'EBADF'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
  } finally {
    await handle?.close();
  }
}

/**
 * Document files on the local filesystem (`BLOB_DIR`, by default `./data/blobs`), each under
 * its key. A received file is flushed to disk, then renamed into place, so a file under a key
 * is always whole.
 */
export async function createFileSystemBlobStore(root: string): Promise<BlobStore> {
  const base = path.resolve(root);
  const stagingDir = path.join(base, STAGING);
  await fs.mkdir(stagingDir, { recursive: true, mode: 0o700 });

  const pathOf = (key: string) => {
    assertBlobKey(key);
    const full = path.resolve(base, key);
    // The key's shape already rules this out; a second lock on the same door.
    if (!full.startsWith(base + path.sep)) throw new InvalidBlobKeyError(`Blob key leaves the store: ${key}`);
    return full;
  };

  async function* walk(dir: string): AsyncGenerator<{ key: string; storedAt: Date }> {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (dir === base && entry.name === STAGING) continue;
        yield* walk(full);
      } else if (entry.isFile()) {
        const stat = await fs.stat(full).catch(() => undefined);
        if (stat) yield { key: path.relative(base, full).split(path.sep).join('/'), storedAt: stat.mtime };
      }
    }
  }

  return {
    kind: 'filesystem',
    stagingDir,

    async putStaged(key, stagedPath) {
      const target = pathOf(key);
      if (path.dirname(path.resolve(stagedPath)) !== stagingDir) {
        throw new InvalidBlobKeyError('Only files received into the staging folder are stored.');
      }
      const handle = await fs.open(stagedPath, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await fs.rename(stagedPath, target);
      await syncDirectory(path.dirname(target));
    },

    async read(key): Promise<Readable> {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(pathOf(key), 'r');
      } catch (error) {
        if (isNotFound(error)) throw new BlobNotFoundError(`No file under ${key}`);
        throw error;
      }
      return handle.createReadStream();
    },

    async delete(key) {
      await fs.rm(pathOf(key), { force: true });
    },

    list: () => walk(base),
  };
}

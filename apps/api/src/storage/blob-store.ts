import type { Readable } from 'node:stream';

/**
 * Where document files live. The filesystem adapter is the embedded default; an
 * S3-compatible adapter (issue #12) implements the same interface, chosen by configuration.
 */
export interface BlobStore {
  readonly kind: string;
  /**
   * A folder on this machine for files still being received. For the filesystem adapter it is
   * on the store's own volume, so storing a received file is an atomic rename.
   */
  readonly stagingDir: string;
  /** Makes a received file durable under `key`, taking it out of staging; resolves once it is safe. */
  putStaged(key: string, stagedPath: string): Promise<void>;
  /** The stored bytes; rejects with BlobNotFoundError when there are none. */
  read(key: string): Promise<Readable>;
  /** Removes a stored file; a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored key with when it was stored, for the orphan sweep. */
  list(): AsyncIterable<{ key: string; storedAt: Date }>;
}

export class BlobNotFoundError extends Error {
  override name = 'BlobNotFoundError';
}

export class InvalidBlobKeyError extends Error {
  override name = 'InvalidBlobKeyError';
}

/**
 * Keys are built by the API, never taken from a caller, and this shape is checked again by
 * every adapter: slash-separated segments that start with a letter or digit (so no `..`,
 * no absolute path, no hidden file), of letters, digits, dot, dash and underscore.
 */
const BLOB_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
export const BLOB_KEY_MAX_LENGTH = 512;

export function assertBlobKey(key: string): void {
  if (key.length > BLOB_KEY_MAX_LENGTH || !BLOB_KEY.test(key)) {
    throw new InvalidBlobKeyError(`Not a valid blob key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}

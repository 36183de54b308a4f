import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3BlobStoreConfig } from '../env';
import { assertBlobKey, BlobNotFoundError, type BlobStore, InvalidBlobKeyError } from './blob-store';

/** Parts of a multipart upload: S3's smallest, so a file in flight holds at most this times the queue in memory. */
const PART_SIZE = 5 * 1024 * 1024;
const PART_QUEUE = 2;
const STARTUP_CHECK_MS = 15_000;

export class BlobStoreUnavailableError extends Error {
  override name = 'BlobStoreUnavailableError';
}

export interface S3BlobStoreOptions extends S3BlobStoreConfig {
  /** A local folder for files still being received; they are checked there before upload. */
  stagingDir: string;
  /** Keys asked for per listing request; S3's own maximum (1000) unless a test wants pages. */
  listPageSize?: number;
}

function describeFailure(error: unknown, config: S3BlobStoreConfig): string {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    if (status === 404) return 'the bucket does not exist';
    if (status === 403) return 'access denied: check the credentials and the bucket policy';
    if (status === 301) return `the bucket is in another region than ${config.region} (S3_REGION)`;
    return `${error.name}${status ? ` (HTTP ${status})` : ''}: ${error.message}`;
  }
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code ? `${code}: ${error.message}` : `${error.name}: ${error.message}`;
  }
  return String(error);
}

/**
 * Document files in a bucket of any S3-compatible service (AWS S3, MinIO, Ceph, R2...),
 * each under `prefix + key`. Files are received on local disk first (checks need the whole
 * file), then streamed up, in parts when they are large, and removed from staging. Resolves
 * only once the bucket answers: a store that cannot be reached stops the start-up.
 */
export async function createS3BlobStore(options: S3BlobStoreOptions): Promise<BlobStore> {
  const { bucket, prefix, stagingDir } = options;
  if (prefix) assertBlobKey(prefix.replace(/\/$/, ''));
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where S3 requires them: several S3-compatible services refuse the
    // streaming checksum trailers the SDK would send by default. Integrity is kept by the
    // SHA-256 recorded on the document row.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000 },
  });
  const where = `bucket "${bucket}"${options.endpoint ? ` at ${options.endpoint}` : ` in ${options.region}`}`;
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }), {
      abortSignal: AbortSignal.timeout(STARTUP_CHECK_MS),
    });
  } catch (error) {
    client.destroy();
    throw new BlobStoreUnavailableError(`The S3 ${where} is not reachable: ${describeFailure(error, options)}`, {
      cause: error,
    });
  }
  await fs.mkdir(stagingDir, { recursive: true, mode: 0o700 });
  const base = path.resolve(stagingDir);

  const objectKey = (key: string) => {
    assertBlobKey(key);
    return prefix + key;
  };
  const encryption = options.serverSideEncryption && {
    ServerSideEncryption: options.serverSideEncryption.algorithm,
    ...(options.serverSideEncryption.algorithm === 'aws:kms' && options.serverSideEncryption.kmsKeyId
      ? { SSEKMSKeyId: options.serverSideEncryption.kmsKeyId }
      : {}),
  };

  return {
    kind: 's3',
    stagingDir: base,

    async putStaged(key, stagedPath) {
      const Key = objectKey(key);
      if (path.dirname(path.resolve(stagedPath)) !== base) {
        throw new InvalidBlobKeyError('Only files received into the staging folder are stored.');
      }
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key, Body: createReadStream(stagedPath), ...encryption },
        partSize: PART_SIZE,
        queueSize: PART_QUEUE,
        // A failed multipart upload is aborted, so no parts are left to pay for.
        leavePartsOnError: false,
      });
      await upload.done();
      await fs.rm(stagedPath, { force: true });
    },

    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        if (!(object.Body instanceof Readable)) throw new Error(`No body in the answer for ${key}`);
        return object.Body;
      } catch (error) {
        if (error instanceof NoSuchKey) throw new BlobNotFoundError(`No file under ${key}`);
        throw error;
      }
    },

    async delete(key) {
      // S3 answers 204 for a key that holds nothing, so this is idempotent as it stands.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },

    async *list() {
      for await (const page of paginateListObjectsV2(
        { client, pageSize: options.listPageSize },
        { Bucket: bucket, Prefix: prefix },
      )) {
        for (const object of page.Contents ?? []) {
          if (!object.Key || !object.LastModified) continue;
          const key = object.Key.slice(prefix.length);
          // Objects someone else put under the prefix (folder markers, odd names) are not
          // the portal's: the sweep leaves them alone.
          try {
            assertBlobKey(key);
          } catch {
            continue;
          }
          yield { key, storedAt: object.LastModified };
        }
      }
    },
  };
}

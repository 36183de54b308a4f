import path from 'node:path';
import type { DocumentsConfig } from '../env';
import type { BlobStore } from './blob-store';
import { createFileSystemBlobStore } from './filesystem-blob-store';
import { createS3BlobStore } from './s3-blob-store';

/** The blob store the configuration names (`BLOB_STORE`); S3 stages uploads under `BLOB_DIR/.staging`. */
export function createBlobStore(documents: Pick<DocumentsConfig, 'blobDir' | 'store'>): Promise<BlobStore> {
  return documents.store.kind === 's3'
    ? createS3BlobStore({ ...documents.store, stagingDir: path.join(documents.blobDir, '.staging') })
    : createFileSystemBlobStore(documents.blobDir);
}

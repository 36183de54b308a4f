import { buffer } from 'node:stream/consumers';
import type { FastifyReply } from 'fastify';
import type { BlobStore } from '../../storage/blob-store';
import { attachmentHeader, downloadNameOf } from './file-names';

/** A stored file as the download calls describe it (documents and RFI files alike). */
export interface StoredFile {
  blobKey: string;
  storedName: string;
  displayName: string;
  contentType: string;
  sizeBytes: number;
}

/** The spec's download: the whole file as base64 text. */
export async function sendBase64(reply: FastifyReply, blobs: BlobStore, blobKey: string) {
  const bytes = await buffer(await blobs.read(blobKey));
  return reply
    .type('text/plain; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .send(bytes.toString('base64'));
}

/** The binary download: streamed with its real type, as an attachment under a safe name. */
export async function sendAttachment(reply: FastifyReply, blobs: BlobStore, file: StoredFile) {
  const extension = file.storedName.split('.').pop()!;
  return reply
    .type(file.contentType)
    .header('content-length', file.sizeBytes)
    .header('content-disposition', attachmentHeader(downloadNameOf(file.displayName, extension)))
    .header('cache-control', 'private, no-store')
    .send(await blobs.read(file.blobKey));
}

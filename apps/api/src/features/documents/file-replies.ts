import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { FastifyReply } from 'fastify';
import { BlobNotFoundError, type BlobStore } from '../../storage/blob-store';
import { attachmentHeader, downloadNameOf } from './file-names';

/** A stored file as the download calls describe it (documents and RFI files alike). */
export interface StoredFile {
  storedName: string;
  displayName: string;
  contentType: string;
  sizeBytes: number;
}

/** Replacements in a row a download follows before it gives up (one person's uploads). */
const MAX_REREADS = 10;

/**
 * Opens the file its row names now. The row is read first and the file opened after, so a
 * replacement committed in between (the applicant sending a new file while staff download the
 * old one) has removed the file the row named: the row is read again and its new file opened.
 * A file missing under a row that still names it is lost, and stays an error.
 */
export async function openCurrentFile<T extends { blobKey: string }>(
  blobs: BlobStore,
  load: () => Promise<T>,
): Promise<{ file: T; source: Readable }> {
  let file = await load();
  for (let reread = 0; ; reread += 1) {
    try {
      return { file, source: await blobs.read(file.blobKey) };
    } catch (error) {
      if (!(error instanceof BlobNotFoundError) || reread === MAX_REREADS) throw error;
      const now = await load();
      if (now.blobKey === file.blobKey) throw error;
      file = now;
    }
  }
}

/** The spec's download: the whole file as base64 text. */
export async function sendBase64(reply: FastifyReply, source: Readable) {
  const bytes = await buffer(source);
  return reply
    .type('text/plain; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .send(bytes.toString('base64'));
}

/** The binary download: streamed with its real type, as an attachment under a safe name. */
export function sendAttachment(reply: FastifyReply, file: StoredFile, source: Readable) {
  const extension = file.storedName.split('.').pop()!;
  return reply
    .type(file.contentType)
    .header('content-length', file.sizeBytes)
    .header('content-disposition', attachmentHeader(downloadNameOf(file.displayName, extension)))
    .header('cache-control', 'private, no-store')
    .send(source);
}

/** A file row's columns, as the tables of whole files (RFI files, a change's files) name them. */
export interface StoredFileRow {
  stored_name: string;
  display_name: string;
  content_type: string;
  size_bytes: number;
}

/** The binary download of a row whose file is never replaced: the row's file is the file. */
export function sendStoredFile(reply: FastifyReply, row: StoredFileRow, source: Readable) {
  return sendAttachment(
    reply,
    {
      storedName: row.stored_name,
      displayName: row.display_name,
      contentType: row.content_type,
      sizeBytes: row.size_bytes,
    },
    source,
  );
}

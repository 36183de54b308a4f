import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { RequiredDocument } from '@ccap/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { notFound } from '../../plugins/problem';
import type { BlobStore } from '../../storage/blob-store';
import type { PortalUser } from '../identity/users.repository';
import { type DocumentsRepository, toRequiredDocument } from './documents.repository';
import { displayNameOf, storageNameOf } from './file-names';
import { detectDocumentType } from './file-types';
import { emptyFile, fileTooLarge, infectedFile, scannerUnavailable, unsupportedFileType } from './upload-problems';
import { ScannerUnavailableError, type VirusScanner } from './virus-scanner';

export interface UploadDependencies {
  blobs: BlobStore;
  scanner: VirusScanner | undefined;
  documents: DocumentsRepository;
  maxUploadBytes: number;
}

interface StagedFile {
  path: string;
  size: number;
  sha256: string;
}

class TooLargeError extends Error {}

/**
 * Streams an upload into a staging file, hashing and counting as it goes, so memory stays
 * flat whatever the size; stops at the first byte over the limit.
 */
async function stage(source: Readable, stagingDir: string, maxBytes: number): Promise<StagedFile> {
  const file = path.join(stagingDir, `${randomUUID()}.part`);
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(new TooLargeError());
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await fs.rm(file, { force: true });
    throw error instanceof TooLargeError ? fileTooLarge(maxBytes) : error;
  }
  return { path: file, size, sha256: hash.digest('hex') };
}

/**
 * Receives one document file: staged and measured, checked for emptiness, type (by content)
 * and viruses, moved into the blob store, and only then recorded on the document row with
 * its audit entry. Whatever fails on the way, the staged file is removed, and a stored file
 * whose row could not be written is removed too: no row without its file, no file without
 * its row.
 */
export async function storeDocumentFile(
  deps: UploadDependencies,
  log: FastifyBaseLogger,
  input: { source: Readable; offeredName: string; documentId: number; user: PortalUser; requestId: string },
): Promise<RequiredDocument> {
  const staged = await stage(input.source, deps.blobs.stagingDir, deps.maxUploadBytes);
  try {
    if (staged.size === 0) throw emptyFile();
    const type = await detectDocumentType(staged.path);
    if (!type) throw unsupportedFileType();
    if (deps.scanner) {
      let verdict;
      try {
        verdict = await deps.scanner.scan(staged.path);
      } catch (error) {
        if (!(error instanceof ScannerUnavailableError)) throw error;
        log.error({ err: error }, 'virus scanner unavailable; upload refused');
        throw scannerUnavailable();
      }
      if (verdict.infected) {
        log.warn(
          { documentId: input.documentId, userId: input.user.id, signature: verdict.signature, sha256: staged.sha256 },
          'infected upload refused',
        );
        throw infectedFile();
      }
    }

    const displayName = displayNameOf(input.offeredName);
    const storedName = storageNameOf(displayName, type.extension);
    const blobKey = `documents/${input.documentId}/${randomUUID()}-${storedName}`;
    await deps.blobs.putStaged(blobKey, staged.path);
    let attached;
    try {
      attached = await deps.documents.attachFile({
        documentId: input.documentId,
        file: { storedName, displayName, contentType: type.mime, size: staged.size, sha256: staged.sha256, blobKey },
        uploadedBy: input.user.id,
        actorLabel: input.user.email,
        requestId: input.requestId,
      });
    } catch (error) {
      await deps.blobs.delete(blobKey).catch((err: unknown) => log.error({ err, blobKey }, 'orphan file left'));
      throw error;
    }
    if (!attached) {
      await deps.blobs.delete(blobKey);
      throw notFound('The document');
    }
    if (attached.replacedBlobKey) {
      // The sweep at start-up removes it later if this fails.
      await deps.blobs
        .delete(attached.replacedBlobKey)
        .catch((err: unknown) => log.warn({ err, blobKey: attached.replacedBlobKey }, 'replaced file not removed'));
    }
    return toRequiredDocument(attached.document);
  } finally {
    await fs.rm(staged.path, { force: true });
  }
}

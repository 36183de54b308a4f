import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { problemSchema, type RequiredDocument } from '@ccap/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { notFound } from '../../plugins/problem';
import type { BlobStore } from '../../storage/blob-store';
import { isOutOfSpace } from '../../db/unavailable';
import { StorageFullError, type StorageHealth } from '../../storage/storage-health';
import type { PortalUser } from '../identity/users.repository';
import { type DocumentsRepository, type StoredFile, toRequiredDocument } from './documents.repository';
import { displayNameOf, storageNameOf } from './file-names';
import { detectDocumentType } from './file-types';
import {
  applicationClosed,
  emptyFile,
  fileTooLarge,
  infectedFile,
  malformedUpload,
  scannerUnavailable,
  storageFull,
  unsupportedFileType,
} from './upload-problems';
import { ScannerUnavailableError, type VirusScanner } from './virus-scanner';

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
  // The request body itself may break off or be malformed multipart: the caller's fault, not ours.
  let sourceError: unknown;
  source.once('error', (error) => {
    sourceError = error;
  });
  const sink = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  try {
    await pipeline(source, meter, sink);
  } catch (error) {
    // The pipeline can fail before the file is even open (a first chunk already over the limit),
    // and it does not wait for the file to close: its open would then create it after the removal
    // below, and leave it behind. A stream destroyed while opening closes once it has opened.
    if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
    await fs.rm(file, { force: true });
    if (error instanceof TooLargeError) throw fileTooLarge(maxBytes);
    // Before the source's error: the pipeline hands the write's error to the source it destroys.
    if (isOutOfSpace(error)) throw new StorageFullError(error);
    if (error === sourceError) throw malformedUpload();
    throw error;
  }
  return { path: file, size, sha256: hash.digest('hex') };
}

/** The upload checks every file passes, wherever it is going (a required document, an RFI). */
/** What a route plugin that takes uploads is given: where files go, the scanner, the size cap. */
export interface UploadRoutesOptions {
  blobs: BlobStore;
  scanner: VirusScanner | undefined;
  maxUploadBytes: number;
  /** Told when the store runs out of room, and when it takes a file again (`/api/health`). */
  storageHealth?: StorageHealth;
}

/** The problems a read of an application's files may answer with. */
export const readProblems = { 400: problemSchema, 401: problemSchema, 404: problemSchema };
/** The problems an upload may answer with: refused, too large, of a refused type, infected, or no scanner. */
export const uploadProblems = {
  ...readProblems,
  403: problemSchema,
  409: problemSchema,
  413: problemSchema,
  415: problemSchema,
  422: problemSchema,
  503: problemSchema,
  507: problemSchema,
};

export interface FileCheckDependencies {
  blobs: BlobStore;
  scanner: VirusScanner | undefined;
  maxUploadBytes: number;
  storageHealth?: StorageHealth;
}

export interface UploadDependencies extends FileCheckDependencies {
  documents: DocumentsRepository;
}

/** One file to receive: its bytes, the name it was offered under, where it goes, who sends it. */
export interface ReceiveInput {
  source: Readable;
  offeredName: string;
  keyPrefix: string;
  user: PortalUser;
  logContext: object;
}

type ReceiveArguments<T> = [
  deps: FileCheckDependencies,
  log: FastifyBaseLogger,
  input: ReceiveInput,
  record: (file: StoredFile) => Promise<T | undefined>,
  notRecorded: () => Error,
];

/**
 * Receives one file: staged and measured, checked for emptiness, type (by content) and
 * viruses, moved into the blob store under `keyPrefix`, and only then handed to `record`,
 * which writes its row (and audit entry) and answers what the caller returns. Whatever
 * fails on the way, the staged file is removed, and a stored file whose row could not be
 * written (`record` threw or answered undefined) is removed too: no row without its file,
 * no file without its row. `notRecorded` is thrown when `record` answers undefined.
 */
export async function receiveCheckedFile<T>(...args: ReceiveArguments<T>): Promise<T> {
  const [deps, log, input] = args;
  try {
    const result = await receiveFile(...args);
    deps.storageHealth?.noteWritten();
    return result;
  } catch (error) {
    if (!(error instanceof StorageFullError)) throw error;
    // Nothing was kept (the staged part is removed where it failed); the operator must act.
    deps.storageHealth?.noteFull();
    log.error(
      { err: error.cause, ...input.logContext, event: 'document-store-full' },
      'document store is full: upload refused',
    );
    throw storageFull();
  }
}

async function receiveFile<T>(...[deps, log, input, record, notRecorded]: ReceiveArguments<T>): Promise<T> {
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
          { ...input.logContext, userId: input.user.id, signature: verdict.signature, sha256: staged.sha256 },
          'infected upload refused',
        );
        throw infectedFile();
      }
    }

    const displayName = displayNameOf(input.offeredName);
    const storedName = storageNameOf(displayName, type.extension);
    const blobKey = `${input.keyPrefix}/${randomUUID()}-${storedName}`;
    try {
      await deps.blobs.putStaged(blobKey, staged.path);
    } catch (error) {
      // A folder for the key could not be made, or the store's copy failed half-way: nothing stays.
      await deps.blobs.delete(blobKey).catch(() => undefined);
      throw isOutOfSpace(error) ? new StorageFullError(error) : error;
    }
    let recorded;
    try {
      recorded = await record({
        storedName,
        displayName,
        contentType: type.mime,
        size: staged.size,
        sha256: staged.sha256,
        blobKey,
      });
    } catch (error) {
      await deps.blobs.delete(blobKey).catch((err: unknown) => log.error({ err, blobKey }, 'orphan file left'));
      throw error;
    }
    if (recorded === undefined) {
      await deps.blobs.delete(blobKey);
      throw notRecorded();
    }
    return recorded;
  } finally {
    await fs.rm(staged.path, { force: true });
  }
}

/** Receives one required document's file (see receiveCheckedFile), replacing any earlier one. */
export async function storeDocumentFile(
  deps: UploadDependencies,
  log: FastifyBaseLogger,
  input: { source: Readable; offeredName: string; documentId: number; user: PortalUser; requestId: string },
): Promise<RequiredDocument> {
  const attached = await receiveCheckedFile(
    deps,
    log,
    {
      source: input.source,
      offeredName: input.offeredName,
      keyPrefix: `documents/${input.documentId}`,
      user: input.user,
      logContext: { documentId: input.documentId },
    },
    async (file) => {
      const attached = await deps.documents.attachFile({
        documentId: input.documentId,
        file,
        uploadedBy: input.user.id,
        actorLabel: input.user.email,
        requestId: input.requestId,
      });
      // Decided while the file was on its way: the stored file is removed, nothing recorded.
      if (attached === 'closed') throw applicationClosed();
      return attached;
    },
    () => notFound('notFoundDocument'),
  );
  if (attached.replacedBlobKey) {
    // The sweep at start-up removes it later if this fails.
    await deps.blobs
      .delete(attached.replacedBlobKey)
      .catch((err: unknown) => log.warn({ err, blobKey: attached.replacedBlobKey }, 'replaced file not removed'));
  }
  // Recorded, so the application was open and this is its applicant: uploads stay open to them.
  return toRequiredDocument(attached.document, true);
}

/**
 * JSON carries a file as base64: a third larger, and held in memory whole. This body limit
 * lets the largest allowed file through (plus `extraBytes` of other fields); a longer body
 * is refused as too large before it is read.
 */
export function base64Upload(maxUploadBytes: number, extraBytes = 64 * 1024) {
  const bodyLimit = Math.ceil(maxUploadBytes / 3) * 4 + extraBytes;
  return {
    bodyLimit,
    preParsing: async (request: { headers: Record<string, string | string[] | undefined> }) => {
      if (Number(request.headers['content-length'] ?? 0) > bodyLimit) throw fileTooLarge(maxUploadBytes);
    },
    /** The decoded bytes of a base64 field, refused with 413 past the limit. */
    decode: (documentStream: string) => {
      if (Buffer.byteLength(documentStream, 'base64') > maxUploadBytes) throw fileTooLarge(maxUploadBytes);
      return Readable.from([Buffer.from(documentStream, 'base64')]);
    },
  };
}

/**
 * A route plugin's JSON upload of one file (an RFI's, a change's): the body's limit and early
 * refusal, and the checked receive (see receiveCheckedFile) of a base64 field into the plugin's
 * store, refused with 413 past the limit before anything is staged.
 */
export function base64FileUpload(options: UploadRoutesOptions) {
  const { bodyLimit, preParsing, decode } = base64Upload(options.maxUploadBytes);
  return {
    bodyLimit,
    preParsing,
    receive: <T>(
      log: FastifyBaseLogger,
      { documentStream, ...input }: Omit<ReceiveInput, 'source'> & { documentStream: string },
      record: (file: StoredFile) => Promise<T | undefined>,
      notRecorded: () => Error,
    ) => receiveCheckedFile(options, log, { ...input, source: decode(documentStream) }, record, notRecorded),
  };
}

import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { documentProblemTypes, type Health } from '@ccap/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../env';
import type { BlobStore } from '../../storage/blob-store';
import { createFileSystemBlobStore } from '../../storage/filesystem-blob-store';
import { loadProgramProfile } from '../program/program-profile';
import { pdf } from '../../../test/document-files';
import {
  documentsOf,
  filesInStore,
  submitApplication,
  uploadBase64,
  uploadMultipart,
} from '../../../test/documents-fixture';
import {
  createRuntimeTestDatabase,
  DEFAULT_PROFILE_PATH,
  type TestContext,
  type TestDatabase,
} from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';

const FILE_BYTES = 600 * 1024;

/** The portal over `blobDir` (or the given store), its log lines kept for the test to read. */
async function startPortal(blobDir: string, blobs?: BlobStore) {
  const lines: string[] = [];
  const served = await createRuntimeTestDatabase();
  const database = served.runtime;
  const defaults = loadConfig();
  const config = {
    ...defaults,
    logLevel: 'info' as const,
    webDist: '/nonexistent',
    documents: { ...defaults.documents, blobDir, maxUploadBytes: 1024 * 1024 },
  };
  const profile = await loadProgramProfile(DEFAULT_PROFILE_PATH);
  const app: App = await buildApp({
    config,
    profile,
    database,
    blobs,
    logStream: { write: (line) => void lines.push(line) },
  });
  await app.ready();
  const ctx: TestContext = { app, database, asOwner: served.asOwner, config, profile, close: async () => undefined };
  return { ctx, lines, app, database, close: () => served.close() };
}

const errorLines = (lines: string[]) =>
  lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((line) => line.level >= 50);

const health = async (ctx: TestContext) => (await ctx.app.inject({ method: 'GET', url: '/api/health' })).json<Health>();

/** The document rows that name a file: a refused upload must add none. */
const storedRows = async (database: TestDatabase) =>
  (await database.db.selectFrom('application_document').select('id').where('blob_key', 'is not', null).execute())
    .length;

/** A 2 MB tmpfs: needs root (mount); the test says why it is skipped elsewhere. */
function mountSmallDisk(): { dir: string; reason?: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ccap-full-disk-'));
  if (process.getuid?.() !== 0) return { dir, reason: 'not root: cannot mount a tmpfs' };
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dir], { stdio: 'pipe' });
    return { dir };
  } catch (error) {
    return { dir, reason: `mount failed: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}` };
  }
}

const disk = mountSmallDisk();
if (disk.reason) console.info(`disk-full.test.ts: the tmpfs test is skipped, ${disk.reason}.`);

describe.skipIf(disk.reason !== undefined)('a full document disk (2 MB tmpfs as BLOB_DIR)', () => {
  let portal: Awaited<ReturnType<typeof startPortal>>;
  let owner: TestUser;

  beforeAll(async () => {
    portal = await startPortal(disk.dir);
    owner = await createUser(portal.ctx, 'Full Disk');
  });
  afterAll(async () => {
    await portal?.app.close();
    await portal?.close();
    execFileSync('umount', [disk.dir]);
    rmSync(disk.dir, { recursive: true, force: true });
  });

  it('answers 507 to both upload kinds, logs an error, reports the store degraded, keeps nothing half-written', async () => {
    const { ctx, lines, database } = portal;
    expect((await health(ctx)).blobStore.status).toBe('up');
    const applicationId = await submitApplication(ctx, owner);
    const documents = await documentsOf(ctx, owner, applicationId);
    expect(documents.length).toBeGreaterThanOrEqual(4);
    const target = (index: number) => ({ applicationId, documentId: documents[index]!.documentId });

    for (const index of [0, 1, 2]) {
      const stored = await uploadMultipart(ctx, owner, target(index), `part-${index}.pdf`, pdf(FILE_BYTES));
      expect(stored.statusCode, stored.body).toBe(200);
    }
    const before = await filesInStore(ctx);
    expect(before).toHaveLength(3);

    const multipart = await uploadMultipart(ctx, owner, target(3), 'fourth.pdf', pdf(FILE_BYTES));
    expect(multipart.statusCode, multipart.body).toBe(507);
    expect(multipart.headers['content-type']).toContain('application/problem+json');
    expect(multipart.json()).toMatchObject({ status: 507, type: documentProblemTypes.storageFull });

    // Over a real connection, as the issue saw it hang: answered at once, not reset.
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const started = Date.now();
    const base64 = await fetch(`${address}/api/Application/upload-documents`, {
      method: 'POST',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        ...target(3),
        documentName: 'fourth.pdf',
        documentStream: pdf(FILE_BYTES).toString('base64'),
        uploadedBy: 1000,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    expect(base64.status).toBe(507);
    expect(await base64.json()).toMatchObject({ type: documentProblemTypes.storageFull });
    expect(Date.now() - started).toBeLessThan(10_000);

    const errors = errorLines(lines).filter((line) => line.msg === 'document store is full: upload refused');
    expect(errors).toHaveLength(2);
    const status = await health(ctx);
    expect(status).toMatchObject({ status: 'degraded', blobStore: { status: 'degraded', kind: 'filesystem' } });

    // Nothing half-written: the same three files, an empty staging folder, no fourth row.
    expect(await filesInStore(ctx)).toEqual(before);
    expect(await storedRows(database)).toBe(3);
    const fourth = (await documentsOf(ctx, owner, applicationId)).find(
      (d) => d.documentId === documents[3]!.documentId,
    );
    expect(fourth).toMatchObject({ isUploaded: false, file: null });
  }, 120_000);
});

describe('a store write refused for lack of space (injected ENOSPC, runs everywhere)', () => {
  const blobDir = mkdtempSync(path.join(os.tmpdir(), 'ccap-enospc-'));
  let portal: Awaited<ReturnType<typeof startPortal>>;
  let owner: TestUser;
  const failing = { on: true };

  beforeAll(async () => {
    const real = await createFileSystemBlobStore(blobDir);
    const blobs: BlobStore = {
      ...real,
      kind: real.kind,
      stagingDir: real.stagingDir,
      async putStaged(key, stagedPath) {
        if (!failing.on) return real.putStaged(key, stagedPath);
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });
      },
    };
    portal = await startPortal(blobDir, blobs);
    owner = await createUser(portal.ctx, 'No Space');
  });
  afterEach(() => {
    failing.on = true;
  });
  afterAll(async () => {
    await portal?.app.close();
    await portal?.close();
    await fs.rm(blobDir, { recursive: true, force: true });
  });

  it('answers 507 problem+json to multipart and base64, logs an error, and is healthy again after a good write', async () => {
    const { ctx, lines, database } = portal;
    const applicationId = await submitApplication(ctx, owner);
    const [first] = await documentsOf(ctx, owner, applicationId);
    const target = { applicationId, documentId: first!.documentId };

    const multipart = await uploadMultipart(ctx, owner, target, 'a.pdf', pdf(4000));
    const base64 = await uploadBase64(ctx, owner, target, 'a.pdf', pdf(4000));
    for (const answer of [multipart, base64]) {
      expect(answer.statusCode, answer.body).toBe(507);
      expect(answer.json()).toMatchObject({ status: 507, type: documentProblemTypes.storageFull });
    }
    expect(errorLines(lines).filter((line) => line.msg === 'document store is full: upload refused')).toHaveLength(2);
    expect((await health(ctx)).blobStore.status).toBe('degraded');
    expect(await filesInStore(ctx)).toEqual([]);
    expect(await storedRows(database)).toBe(0);

    failing.on = false;
    expect((await uploadMultipart(ctx, owner, target, 'a.pdf', pdf(4000))).statusCode).toBe(200);
    expect((await health(ctx)).blobStore.status).toBe('up');
  }, 60_000);
});

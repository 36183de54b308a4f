import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../application-fixture';
import { pdf } from '../document-files';
import { documentsOf, multipartBody, submitApplication } from '../documents-fixture';
import { loadConfig } from '../../src/env';
import { signInThroughIdp } from '../identity';
import { freePort, httpContext, startApiProcess } from './api-process';

/**
 * SIGKILL of the API process in the middle of uploads and draft saves, on the embedded
 * database (which lives in that process): after a restart on the same data folder, every
 * acknowledged write is there, no row names a file that is missing, and no file is left that
 * no row names. Runs once, in the PGlite project (the child process always runs embedded).
 */

const embedded = loadConfig().database.kind === 'pglite';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ccap-kill-'));

afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function filesUnder(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

describe.skipIf(!embedded)('the API process is killed during uploads and draft saves', () => {
  it('keeps every acknowledged write, no half rows and no orphan files', { timeout: 90_000 }, async () => {
    const port = await freePort();
    let server = await startApiProcess({ dataDir, port });
    let ctx = httpContext(server.publicUrl);
    const { tokens } = await signInThroughIdp(ctx, 'applicant@demo.example', 'Demo-Applicant-2026');
    expect(tokens?.access_token).toBeDefined();
    const headers = { authorization: `Bearer ${tokens!.access_token}` };
    const user = { id: '', email: '', name: '', token: tokens!.access_token, headers };
    const applicationId = await submitApplication(ctx, user);
    const documentIds = (await documentsOf(ctx, user, applicationId)).map((document) => document.documentId);

    // Draft savers: acknowledged content per draft, and what was sent after it without an answer.
    const drafts: { id: number; version: number; acknowledged: string; unacknowledged: string[] }[] = [];
    for (let index = 0; index < 2; index++) {
      const applicationJson = JSON.stringify(completeApplication());
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/Application/save-my-draft-applications',
        headers,
        payload: { applicationJson },
      });
      const { id, version } = created.json<{ id: number; version: number }>();
      drafts.push({ id, version, acknowledged: applicationJson, unacknowledged: [] });
    }
    // Uploaders: the hash each document's file must have (acknowledged), or may have (in flight).
    const uploads = new Map<number, { acknowledged?: string; unacknowledged: string[] }>();
    let running = true;
    let acknowledgedSaves = 0;
    let acknowledgedUploads = 0;

    const saveLoop = async (draft: (typeof drafts)[number], client: number) => {
      for (let save = 1; running; save++) {
        const content = completeApplication();
        content.providerInfo!.businessName = `client ${client} save ${save}`;
        const applicationJson = JSON.stringify(content);
        draft.unacknowledged.push(applicationJson);
        try {
          const response = await ctx.app.inject({
            method: 'POST',
            url: '/api/Application/save-my-draft-applications',
            headers,
            payload: { id: draft.id, version: draft.version, applicationJson },
          });
          if (response.statusCode !== 200) throw new Error(`save answered ${response.statusCode}`);
          draft.version = response.json<{ version: number }>().version;
          draft.acknowledged = applicationJson;
          draft.unacknowledged = [];
          acknowledgedSaves++;
        } catch {
          return; // the server is gone
        }
      }
    };
    const uploadLoop = async (ids: number[]) => {
      for (let round = 0; running; round++) {
        const documentId = ids[round % ids.length]!;
        const file = pdf(256 * 1024 + round * 1024);
        const state = uploads.get(documentId) ?? { unacknowledged: [] };
        uploads.set(documentId, state);
        state.unacknowledged.push(sha256(file));
        const body = multipartBody(`file-${round}.pdf`, file);
        try {
          const response = await ctx.app.inject({
            method: 'POST',
            url: `/api/Application/${applicationId}/documents/${documentId}/file`,
            headers: { ...headers, 'content-type': body.contentType },
            payload: body.payload,
          });
          if (response.statusCode !== 200) throw new Error(`upload answered ${response.statusCode}`);
          state.acknowledged = sha256(file);
          state.unacknowledged = [];
          acknowledgedUploads++;
        } catch {
          return;
        }
      }
    };

    const load = Promise.all([
      ...drafts.map((draft, client) => saveLoop(draft, client)),
      uploadLoop(documentIds.slice(0, 3)),
      uploadLoop(documentIds.slice(3, 6)),
    ]);
    const warm = Date.now() + 20_000;
    while ((acknowledgedSaves < 10 || acknowledgedUploads < 4) && Date.now() < warm) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await server.stop('SIGKILL')).toBe('SIGKILL');
    running = false;
    await load;
    expect(acknowledgedSaves).toBeGreaterThan(0);
    expect(acknowledgedUploads).toBeGreaterThan(0);

    server = await startApiProcess({ dataDir, port });
    ctx = httpContext(server.publicUrl);
    try {
      // Every acknowledged draft save is there: its content, or a later one sent as it died.
      const mine = await ctx.app.inject({
        method: 'POST',
        url: '/api/Application/get-my-draft-applications',
        headers,
      });
      expect(mine.statusCode).toBe(200);
      const stored = mine.json<{ id: number; applicationJson: string; version: number }[]>();
      for (const draft of drafts) {
        const found = stored.find((candidate) => candidate.id === draft.id);
        expect([draft.acknowledged, ...draft.unacknowledged]).toContain(found?.applicationJson);
        expect(found!.version).toBeGreaterThanOrEqual(draft.version);
      }

      // Every uploaded document has its file, with the acknowledged (or an in-flight) content.
      const documents = await documentsOf(ctx, user, applicationId);
      for (const [documentId, state] of uploads) {
        const document = documents.find((candidate) => candidate.documentId === documentId)!;
        if (state.acknowledged) expect(document.isUploaded).toBe(true);
        if (!document.isUploaded) continue;
        expect([state.acknowledged, ...state.unacknowledged]).toContain(document.file?.sha256);
        const download = await ctx.app.inject({
          url: `/api/Application/${applicationId}/documents/${documentId}/file`,
          headers,
        });
        expect(download.statusCode).toBe(200);
        expect(sha256(download.rawPayload)).toBe(document.file?.sha256);
      }

      // No orphan: exactly one stored file per uploaded document, nothing staged.
      const files = await filesUnder(path.join(dataDir, 'blobs'));
      expect(files.filter((file) => file.includes(`${path.sep}.staging${path.sep}`))).toEqual([]);
      expect(files.length).toBe(documents.filter((document) => document.isUploaded).length);
      console.info(
        `process-kill: ${acknowledgedSaves} draft saves and ${acknowledgedUploads} uploads acknowledged before SIGKILL; ` +
          `all present after restart, ${files.length} files, no orphans`,
      );
    } finally {
      await server.stop('SIGTERM');
    }
  });
});

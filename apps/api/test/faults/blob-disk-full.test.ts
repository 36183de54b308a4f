import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../application-fixture';
import {
  documentsOf,
  downloadFile,
  filesInStore,
  submitApplication,
  uploadBase64,
  uploadMultipart,
} from '../documents-fixture';
import { pdf } from '../document-files';
import { createTestApp, type TestContext } from '../helpers';
import { createUser, type TestUser } from '../identity';

/**
 * The blob store's disk fills up: a 2 MB tmpfs mounted as BLOB_DIR. Uploads that do not fit
 * are answered 507 problem+json, leave no file and no row behind, and everything else (drafts,
 * the dashboard, downloads of what was stored) keeps working. Needs permission to mount (root);
 * skipped with a message otherwise.
 */

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'ccap-full-'));
let mounted = false;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m,mode=0700', 'tmpfs', root], { stdio: 'pipe' });
  mounted = true;
} catch (error) {
  console.warn(`blob-disk-full: skipped, cannot mount a tmpfs (${(error as Error).message.split('\n')[0]})`);
}

describe.skipIf(!mounted)('document storage is full', () => {
  let ctx: TestContext;
  let owner: TestUser;
  let applicationId: number;
  let documentIds: number[];
  beforeAll(async () => {
    ctx = await createTestApp({ documents: { blobDir: root } });
    owner = await createUser(ctx, 'Full Disk');
    applicationId = await submitApplication(ctx, owner);
    documentIds = (await documentsOf(ctx, owner, applicationId)).map((document) => document.documentId);
  });
  afterAll(async () => {
    await ctx?.close();
    if (mounted) execFileSync('umount', [root]);
    await fs.rm(root, { recursive: true, force: true });
  });

  it('answers 507 to the upload that does not fit, and nothing else breaks', async () => {
    const stored: { documentId: number; size: number }[] = [];
    let refused: Awaited<ReturnType<typeof uploadMultipart>> | undefined;
    let refusedDocument = 0;
    for (const documentId of documentIds.slice(0, 6)) {
      const file = pdf(600 * 1024);
      const response = await uploadMultipart(ctx, owner, { applicationId, documentId }, 'big.pdf', file);
      if (response.statusCode === 200) {
        stored.push({ documentId, size: file.length });
        continue;
      }
      refused = response;
      refusedDocument = documentId;
      break;
    }
    expect(stored.length).toBeGreaterThan(0);
    expect(refused?.statusCode, refused?.body).toBe(507);
    expect(refused?.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused?.json()).toMatchObject({ status: 507, type: 'urn:ccap:problem:storage-full' });
    expect(refused?.body).not.toMatch(/ENOSPC|\/tmp\//);

    // The spec's base64 call, too.
    const base64 = await uploadBase64(
      ctx,
      owner,
      { applicationId, documentId: refusedDocument },
      'b.pdf',
      pdf(900 * 1024),
    );
    expect(base64.statusCode, base64.body).toBe(507);

    // No half row: the refused document has no file; no staged leftovers; one file per stored row.
    const documents = await documentsOf(ctx, owner, applicationId);
    expect(documents.find((document) => document.documentId === refusedDocument)?.isUploaded).toBe(false);
    expect(documents.filter((document) => document.isUploaded).length).toBe(stored.length);
    const files = await filesInStore(ctx);
    expect(files.filter((file) => file.startsWith('.staging'))).toEqual([]);
    expect(files.length).toBe(stored.length);

    // Everything else still works: what was stored downloads, drafts save, the dashboard answers.
    const download = await downloadFile(ctx, owner, { applicationId, documentId: stored[0]!.documentId });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(stored[0]!.size);
    const draft = await ctx.app.inject({
      method: 'POST',
      url: '/api/Application/save-my-draft-applications',
      headers: owner.headers,
      payload: { applicationJson: JSON.stringify(completeApplication()) },
    });
    expect(draft.statusCode).toBe(200);
    const dashboard = await ctx.app.inject({
      method: 'GET',
      url: '/api/Dashboard/get-dashboard',
      headers: owner.headers,
    });
    expect(dashboard.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

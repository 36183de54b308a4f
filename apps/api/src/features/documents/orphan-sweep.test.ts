import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as files from '../../../test/document-files';
import { documentsOf, filesInStore, submitApplication, uploadMultipart } from '../../../test/documents-fixture';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createUser } from '../../../test/identity';
import { sweepOrphanFiles } from './orphan-sweep';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

it('removes, after a crash, old staged files and stored files no row points at, and nothing else', async () => {
  const owner = await createUser(ctx, 'Sweep Owner');
  const applicationId = await submitApplication(ctx, owner);
  const [first] = await documentsOf(ctx, owner, applicationId);
  expect(
    (await uploadMultipart(ctx, owner, { applicationId, documentId: first!.documentId }, 'kept.pdf', files.pdf()))
      .statusCode,
  ).toBe(200);
  const kept = await filesInStore(ctx);

  // What a crash leaves: a half-received file, and a file renamed into place whose row never committed.
  const root = ctx.config.documents.blobDir;
  await fs.writeFile(path.join(ctx.app.blobs.stagingDir, 'interrupted.part'), 'half');
  const orphan = 'documents/999/0000-orphan.pdf';
  await fs.mkdir(path.join(root, 'documents/999'), { recursive: true });
  await fs.writeFile(path.join(root, orphan), files.pdf());

  const hourLater = new Date(Date.now() + 2 * 60 * 60 * 1000);
  // Young files may belong to an upload in flight on another instance: left alone.
  expect(
    await sweepOrphanFiles(ctx.app.blobs, ctx.app.repositories.documents, { olderThanMs: 60 * 60 * 1000 }),
  ).toEqual({
    staged: 0,
    stored: 0,
  });
  expect(
    await sweepOrphanFiles(ctx.app.blobs, ctx.app.repositories.documents, {
      olderThanMs: 60 * 60 * 1000,
      now: hourLater,
    }),
  ).toEqual({ staged: 1, stored: 1 });
  expect(await filesInStore(ctx)).toEqual(kept);
});

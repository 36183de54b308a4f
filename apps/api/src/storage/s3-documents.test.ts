import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as files from '../../test/document-files';
import {
  documentsOf,
  downloadBase64,
  downloadFile,
  filesInStore,
  submitApplication,
  uploadBase64,
  uploadMultipart,
} from '../../test/documents-fixture';
import { createTestApp, type TestContext } from '../../test/helpers';
import { createUser, type TestUser } from '../../test/identity';
import { loadConfig } from '../env';
import { sweepOrphanFiles } from '../features/documents/orphan-sweep';
import { S3RVER_KEYS, startS3TestServer, type S3TestServer } from '../../test/s3-test-server';

// The whole API started with BLOB_STORE=s3 against a real S3-compatible server: documents
// go to the bucket and come back byte for byte, and nothing stays on the local disk.

let server: S3TestServer;
let ctx: TestContext;
let raw: S3Client;
let owner: TestUser;
let applicationId: number;
beforeAll(async () => {
  server = await startS3TestServer();
  const { documents } = loadConfig({
    BLOB_STORE: 's3',
    S3_BUCKET: server.bucket,
    S3_ENDPOINT: server.endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_PREFIX: 'portal',
    AWS_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
  });
  ctx = await createTestApp({ documents: { store: documents.store } });
  const { region, endpoint, forcePathStyle, credentials } = server.config();
  raw = new S3Client({ region, endpoint, forcePathStyle, credentials });
  owner = await createUser(ctx, 'S3 Owner');
  applicationId = await submitApplication(ctx, owner);
});
afterAll(async () => {
  raw?.destroy();
  await ctx?.close();
  await server?.close();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const objectsInBucket = async () =>
  ((await raw.send(new ListObjectsV2Command({ Bucket: server.bucket }))).Contents ?? []).map((object) => object.Key);
const target = async (index: number) => ({
  applicationId,
  documentId: (await documentsOf(ctx, owner, applicationId))[index]!.documentId,
});

describe('documents on an S3-compatible store', () => {
  it('boots with BLOB_STORE=s3 and round-trips uploads byte for byte, multipart and base64', async () => {
    expect(ctx.app.blobs.kind).toBe('s3');
    // 7 MB goes up in two parts; the PNG in one.
    for (const [index, name, bytes, upload] of [
      [0, 'w9.pdf', files.pdf(7 * 1024 * 1024), uploadMultipart],
      [1, 'license.png', files.png(), uploadBase64],
    ] as const) {
      const where = await target(index);
      const uploaded = await upload(ctx, owner, where, name, bytes);
      expect(uploaded.statusCode).toBe(200);
      expect(uploaded.json()).toMatchObject({ isUploaded: true, file: { size: bytes.length, sha256: sha256(bytes) } });

      const binary = await downloadFile(ctx, owner, where);
      expect(binary.statusCode).toBe(200);
      expect(binary.rawPayload.equals(bytes)).toBe(true);
      const text = await downloadBase64(ctx, owner, where.documentId);
      expect(Buffer.from(text.body, 'base64').equals(bytes)).toBe(true);
    }

    const objects = await objectsInBucket();
    expect(objects).toHaveLength(2);
    expect(objects.every((key) => key?.startsWith('portal/documents/'))).toBe(true);
    // Staging is emptied: the files live in the bucket only.
    expect(await filesInStore(ctx)).toEqual([]);
  });

  it('removes a replaced file from the bucket', async () => {
    const where = await target(2);
    await uploadMultipart(ctx, owner, where, 'first.pdf', files.pdf(500));
    const before = await objectsInBucket();
    const second = files.png(400);
    expect((await uploadMultipart(ctx, owner, where, 'second.png', second)).statusCode).toBe(200);
    expect((await downloadFile(ctx, owner, where)).rawPayload.equals(second)).toBe(true);
    const after = await objectsInBucket();
    expect(after).toHaveLength(before.length);
    expect(after.filter((key) => !before.includes(key))).toEqual([expect.stringMatching(/-second\.png$/)]);
  });

  it('lets the start-up sweep remove an object no row points at, and only that one', async () => {
    const orphan = 'documents/999999/crashed-before-commit.pdf';
    const { blobs } = ctx.app;
    const staged = path.join(blobs.stagingDir, 'orphan.part');
    await fs.writeFile(staged, files.pdf());
    await blobs.putStaged(orphan, staged);
    const kept = (await objectsInBucket()).filter((key) => key !== `portal/${orphan}`);

    const hourLater = new Date(Date.now() + 60 * 60 * 1000 + 5_000);
    expect(
      await sweepOrphanFiles(blobs, ctx.app.repositories.documents, { olderThanMs: 60 * 60 * 1000, now: hourLater }),
    ).toEqual({ staged: 0, stored: 1 });
    expect(await objectsInBucket()).toEqual(kept);
    expect((await downloadFile(ctx, owner, await target(0))).statusCode).toBe(200);
  });
});

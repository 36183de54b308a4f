import { createHash } from 'node:crypto';
import { documentProblemTypes } from '@ccap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../../../test/application-fixture';
import * as files from '../../../test/document-files';
import {
  documentsOf,
  downloadBase64,
  downloadFile,
  filesInStore,
  listDocuments,
  submitApplication,
  uploadBase64,
  uploadMultipart,
} from '../../../test/documents-fixture';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';

let ctx: TestContext;
let owner: TestUser;
let stranger: TestUser;
let storyWorker: TestUser;
let polkWorker: TestUser;
let admin: TestUser;
let applicationId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createUser(ctx, 'Document Owner');
  stranger = await createUser(ctx, 'Someone Else');
  storyWorker = await createUser(ctx, 'Story Worker', 'service-worker', ['Story']);
  polkWorker = await createUser(ctx, 'Polk Worker', 'service-worker', ['Polk']);
  admin = await createUser(ctx, 'Admin', 'administrator');
  applicationId = await submitApplication(ctx, owner);
});
afterAll(async () => {
  await ctx.close();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const target = async (index = 0) => {
  const documents = await documentsOf(ctx, owner, applicationId);
  return { applicationId, documentId: documents[index]!.documentId };
};

describe('required documents', () => {
  it('are listed at submission from the profile table, by provider type and answers', async () => {
    const documents = await documentsOf(ctx, owner, applicationId);
    expect(documents.map((document) => document.documentName)).toEqual([
      'IRS Form W-9',
      'Photo identification',
      'CPR certificate',
      'First aid certificate',
      'Mandatory reporter training',
      'CCA Provider Agreement (Form 470-3871)',
      'Record check authorization (Form 470-3301) – Maria Lopez',
      'Record check authorization (Form 470-3301) – Jon Lopez',
      'Record check authorization (Form 470-3301) – Ana Lopez',
      'Physical examination report (Form 470-5152) – Maria Lopez',
      'Physical examination report (Form 470-5152) – Jon Lopez',
      'Physical examination report (Form 470-5152) – Leo Lopez',
      'Safe sleep training',
      "Vehicle insurance and driver's license",
    ]);
    expect(documents[0]).toEqual({
      documentId: expect.any(Number),
      code: 'w9',
      documentName: 'IRS Form W-9',
      description: expect.stringContaining('W-9'),
      isUploaded: false,
      isRequired: true,
      isWaived: false,
      waiveReason: null,
      canUpload: true,
      file: null,
    });
  });

  it("tell only the applicant that uploads are open, and only until the application's decision", async () => {
    const id = await submitApplication(ctx, owner);
    const openTo = async (user: TestUser) => (await documentsOf(ctx, user, id)).map((document) => document.canUpload);
    expect(new Set(await openTo(owner))).toEqual(new Set([true]));
    // Staff of the county and administrators read the list but never upload (403).
    expect(new Set(await openTo(storyWorker))).toEqual(new Set([false]));
    expect(new Set(await openTo(admin))).toEqual(new Set([false]));
    for (const status of ['approved', 'denied', 'withdrawn'] as const) {
      await ctx.database.db.updateTable('application').set({ status }).where('id', '=', id).execute();
      expect(new Set(await openTo(owner))).toEqual(new Set([false]));
    }
  });

  it("show the applicant a waiver and the reason staff gave for it (staff's dialog says they will see it)", async () => {
    const id = await submitApplication(ctx, owner);
    const [first, second] = await documentsOf(ctx, owner, id);
    const waived = await ctx.app.inject({
      method: 'POST',
      url: `/api/Staff/applications/${id}/documents/${first!.documentId}/waive`,
      headers: storyWorker.headers,
      payload: { reason: 'We already have your W-9 from last year.' },
    });
    expect(waived.statusCode).toBe(200);
    const [afterFirst, afterSecond] = await documentsOf(ctx, owner, id);
    expect(afterFirst).toMatchObject({ isWaived: true, waiveReason: 'We already have your W-9 from last year.' });
    expect(afterSecond).toMatchObject({ documentId: second!.documentId, isWaived: false, waiveReason: null });
  });

  it('differ for a non-registered provider: a payment application, no physical examinations', async () => {
    const application = completeApplication('unregisteredprovider');
    application.operationHoursInfo = { ...application.operationHoursInfo, transportation: false };
    const id = await submitApplication(ctx, owner, application);
    const names = (await documentsOf(ctx, owner, id)).map((document) => document.documentName);
    expect(names).toContain('Application for Child Care Assistance payment (Form 470-2890)');
    expect(names.some((name) => name.startsWith('Physical examination'))).toBe(false);
    expect(names).not.toContain("Vehicle insurance and driver's license");
  });

  it('are visible to the owner, staff of its county and administrators; anyone else gets 404', async () => {
    for (const user of [owner, storyWorker, admin]) {
      expect((await listDocuments(ctx, user, applicationId)).statusCode).toBe(200);
    }
    for (const user of [stranger, polkWorker]) {
      const response = await listDocuments(ctx, user, applicationId);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    expect((await listDocuments(ctx, owner, 999_999)).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/Application/${applicationId}/documents` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('upload and download', () => {
  it('round-trips a PDF by multipart and a PNG by base64, byte for byte, with the spec text download', async () => {
    for (const [index, name, bytes, upload, contentType] of [
      [0, 'w9.pdf', files.pdf(), uploadMultipart, 'application/pdf'],
      [1, 'license.png', files.png(), uploadBase64, 'image/png'],
    ] as const) {
      const where = await target(index);
      const uploaded = await upload(ctx, owner, where, name, bytes);
      expect(uploaded.statusCode).toBe(200);
      expect(uploaded.json()).toMatchObject({
        documentId: where.documentId,
        isUploaded: true,
        canUpload: true,
        file: { fileName: name, contentType, size: bytes.length, sha256: sha256(bytes) },
      });

      const binary = await downloadFile(ctx, owner, where);
      expect(binary.statusCode).toBe(200);
      expect(binary.rawPayload.equals(bytes)).toBe(true);
      expect(binary.headers['content-type']).toBe(contentType);
      expect(binary.headers['content-length']).toBe(String(bytes.length));
      // A name of token characters goes unquoted (RFC 6266 allows both).
      expect(binary.headers['content-disposition']).toBe(`attachment; filename=${name}`);
      expect(binary.headers['cache-control']).toBe('private, no-store');

      const text = await downloadBase64(ctx, owner, where.documentId);
      expect(text.statusCode).toBe(200);
      expect(text.headers['content-type']).toMatch(/^text\/plain/);
      expect(Buffer.from(text.body, 'base64').equals(bytes)).toBe(true);
    }
    const listed = await documentsOf(ctx, owner, applicationId);
    expect(listed.slice(0, 3).map((document) => document.isUploaded)).toEqual([true, true, false]);
  });

  it('records who uploaded from the token, never the payload, and audits each upload', async () => {
    const where = await target(2);
    expect((await uploadBase64(ctx, owner, where, 'cpr.pdf', files.pdf())).statusCode).toBe(200);
    const trail = await ctx.app.repositories.audit.forEntity('application_document', String(where.documentId));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      action: 'document.uploaded',
      actor_id: owner.id,
      actor_label: owner.email,
      after: { applicationId, fileName: 'cpr.pdf', contentType: 'application/pdf' },
    });
  });

  it('replaces an earlier file, removing it from the store', async () => {
    const where = await target(3);
    await uploadMultipart(ctx, owner, where, 'first.pdf', files.pdf(500));
    const before = await filesInStore(ctx);
    const second = files.png(400);
    expect((await uploadMultipart(ctx, owner, where, 'second.png', second)).statusCode).toBe(200);
    expect((await downloadFile(ctx, owner, where)).rawPayload.equals(second)).toBe(true);
    expect((await filesInStore(ctx)).length).toBe(before.length);
  });

  it('serves the new file to a download that found the old one just as it was replaced, by both downloads', async () => {
    const where = await target(3);
    const { blobs } = ctx.app;
    const read = blobs.read.bind(blobs);
    for (const download of [
      async () => (await downloadFile(ctx, owner, where)).rawPayload,
      async () => Buffer.from((await downloadBase64(ctx, owner, where.documentId)).body, 'base64'),
    ]) {
      await uploadMultipart(ctx, owner, where, 'old.pdf', files.pdf(500));
      const replacement = files.png(Math.floor(Math.random() * 400) + 100);
      // The download has read the document's row; before it opens the file, the applicant's
      // replacement lands and removes the old file from the store.
      blobs.read = async (key) => {
        blobs.read = read;
        expect((await uploadMultipart(ctx, owner, where, 'new.png', replacement)).statusCode).toBe(200);
        return read(key);
      };
      try {
        expect((await download()).equals(replacement)).toBe(true);
      } finally {
        blobs.read = read;
      }
    }
  });

  it('keeps a path out of the stored name: ../../etc/passwd.pdf is stored as passwd.pdf inside the store', async () => {
    const where = await target(4);
    const response = await uploadMultipart(ctx, owner, where, '../../etc/passwd.pdf', files.pdf());
    expect(response.statusCode).toBe(200);
    expect(response.json().file.fileName).toBe('passwd.pdf');
    const stored = await filesInStore(ctx);
    expect(stored.every((file) => file.startsWith('documents/') && !file.includes('..'))).toBe(true);
    expect(stored.some((file) => file.endsWith('-passwd.pdf'))).toBe(true);
    const base64 = await uploadBase64(ctx, owner, where, '..\\..\\windows\\win.ini.pdf', files.pdf());
    expect(base64.json().file.fileName).toBe('win.ini.pdf');
  });

  it('names the download safely in both header forms, with the extension of what the file is', async () => {
    const where = await target(5);
    await uploadBase64(ctx, owner, where, 'Résumé "final"\r\n.pdf', files.png());
    const response = await downloadFile(ctx, owner, where);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Resume \\"final\\".png"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.png`,
    );
  });

  it("lets staff of the county download but not upload; another user's document is 404 everywhere", async () => {
    const where = await target(0);
    expect((await downloadFile(ctx, storyWorker, where)).statusCode).toBe(200);
    expect((await downloadBase64(ctx, admin, where.documentId)).statusCode).toBe(200);
    expect((await uploadBase64(ctx, storyWorker, where, 'x.pdf', files.pdf())).statusCode).toBe(403);

    for (const user of [stranger, polkWorker]) {
      expect((await downloadFile(ctx, user, where)).statusCode).toBe(404);
      expect((await downloadBase64(ctx, user, where.documentId)).statusCode).toBe(404);
      expect((await uploadBase64(ctx, user, where, 'x.pdf', files.pdf())).statusCode).toBe(404);
      expect((await uploadMultipart(ctx, user, where, 'x.pdf', files.pdf())).statusCode).toBe(404);
    }
    // A document asked for under an application it does not belong to does not exist there.
    const other = await submitApplication(ctx, stranger);
    const mismatched = { applicationId: other, documentId: where.documentId };
    expect((await uploadBase64(ctx, stranger, mismatched, 'x.pdf', files.pdf())).statusCode).toBe(404);
    expect((await downloadFile(ctx, stranger, mismatched)).statusCode).toBe(404);
    expect((await downloadFile(ctx, owner, { applicationId, documentId: 999_999 })).statusCode).toBe(404);
  });

  it('answers 404 for a document with no file yet', async () => {
    const documents = await documentsOf(ctx, owner, applicationId);
    const empty = documents.find((document) => !document.isUploaded)!;
    expect((await downloadBase64(ctx, owner, empty.documentId)).statusCode).toBe(404);
    expect((await downloadFile(ctx, owner, { applicationId, documentId: empty.documentId })).statusCode).toBe(404);
  });

  it('refuses uploads once the application is decided', async () => {
    const id = await submitApplication(ctx, owner);
    const [first] = await documentsOf(ctx, owner, id);
    await ctx.database.db.updateTable('application').set({ status: 'approved' }).where('id', '=', id).execute();
    const response = await uploadBase64(
      ctx,
      owner,
      { applicationId: id, documentId: first!.documentId },
      'a.pdf',
      files.pdf(),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().type).toBe(documentProblemTypes.closed);
  });
});

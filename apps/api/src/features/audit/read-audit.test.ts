import type { ApplicationReadLog, AuditSearchResponse, RequiredDocument } from '@ccap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../../../test/application-fixture';
import {
  documentsOf,
  downloadBase64,
  downloadFile,
  submitApplication,
  uploadMultipart,
} from '../../../test/documents-fixture';
import * as files from '../../../test/document-files';
import { createRuntimeTestDatabase, createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';
import { createRfi, downloadRfiFile, respondRfi, rfiDocument, rfisOf } from '../../../test/rfi-fixture';

// The whole API served as the runtime role (ADR 082), as in production: reads are appended to
// the audit trail it may not otherwise change.
let runtime: Awaited<ReturnType<typeof createRuntimeTestDatabase>>;
let ctx: TestContext;
let applicant: TestUser;
let otherApplicant: TestUser;
let worker: TestUser;
let admin: TestUser;
let applicationId: number;
let document: RequiredDocument;

const get = (user: TestUser, url: string) => ctx.app.inject({ method: 'GET', url, headers: user.headers });
const readLog = async (user: TestUser, id = applicationId) => get(user, `/api/Application/${id}/reads`);
const search = async (query: string) => {
  const response = await get(admin, `/api/Staff/audit?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<AuditSearchResponse>();
};

beforeAll(async () => {
  runtime = await createRuntimeTestDatabase();
  ctx = await createTestApp({}, undefined, { database: runtime.runtime });
  applicant = await createUser(ctx, 'Read Applicant');
  otherApplicant = await createUser(ctx, 'Other Applicant');
  worker = await createUser(ctx, 'Polk Reader', 'service-worker', ['Polk']);
  admin = await createUser(ctx, 'Audit Admin', 'administrator');
  const application = completeApplication();
  application.address = { ...application.address, county: 'Polk' };
  applicationId = await submitApplication(ctx, applicant, application);
  document = (await documentsOf(ctx, applicant, applicationId))[0]!;
  const upload = await uploadMultipart(
    ctx,
    applicant,
    { applicationId, documentId: document!.documentId },
    'id.pdf',
    files.pdf(),
  );
  expect(upload.statusCode).toBe(200);
});
afterAll(async () => {
  await ctx?.close();
  await runtime?.close();
});

describe('read audit (ADR 084)', () => {
  it("records nothing for the applicant's own reads", async () => {
    expect((await get(applicant, `/api/Application/${applicationId}/pdf`)).statusCode).toBe(200);
    expect((await downloadFile(ctx, applicant, { applicationId, documentId: document.documentId })).statusCode).toBe(
      200,
    );
    const log = await readLog(applicant);
    expect(log.statusCode).toBe(200);
    expect(log.json<ApplicationReadLog>()).toMatchObject({ applicationId, items: [], total: 0 });
  });

  it('records who opened the review, the PDF, a document and an RFI file, searchable by administrators', async () => {
    expect((await get(worker, `/api/Staff/applications/${applicationId}`)).statusCode).toBe(200);
    expect((await get(worker, `/api/Application/${applicationId}/pdf`)).statusCode).toBe(200);
    expect((await downloadFile(ctx, worker, { applicationId, documentId: document.documentId })).statusCode).toBe(200);
    expect((await downloadBase64(ctx, worker, document.documentId)).statusCode).toBe(200);
    const rfi = await createRfi(ctx, worker, { applicationId, serviceWorkerComment: 'Your lease, please.' });
    expect(rfi.statusCode).toBe(201);
    const rfiId = rfi.json<{ rfiId: number }>().rfiId;
    const reply = await respondRfi(ctx, applicant, {
      rfiId,
      applicantComment: 'Here.',
      document: rfiDocument('lease.pdf', files.pdf()),
    });
    expect(reply.statusCode).toBe(200);
    const [asked] = await rfisOf(ctx, worker, applicationId);
    expect((await downloadRfiFile(ctx, worker, asked!.documents[0]!.rfiDocumentId)).statusCode).toBe(200);

    const reads = await search(`kind=read&entityId=${applicationId}`);
    expect(reads.items.map((entry) => entry.action)).toEqual([
      'rfi.file.read',
      'document.read',
      'document.read',
      'application.pdf.read',
      'application.read',
    ]);
    for (const entry of reads.items) {
      expect(entry).toMatchObject({ actorId: worker.id, actorLabel: worker.email, entityId: String(applicationId) });
    }
    expect(reads.items[0]!.after).toMatchObject({ applicationId, itemName: 'lease.pdf' });
    expect((await search(`kind=read&actor=${encodeURIComponent('polk.reader')}`)).total).toBe(5);
    // Changes only: the RFI is there, no read is.
    const changes = await search(`kind=change&entityId=${applicationId}`);
    expect(changes.items.some((entry) => entry.action.endsWith('.read'))).toBe(false);
    // The review's own trail lists changes, not reads.
    const review = await get(worker, `/api/Staff/applications/${applicationId}`);
    expect(review.json<{ auditTrail: { action: string }[] }>().auditTrail.some((e) => e.action.endsWith('.read'))).toBe(
      false,
    );
  });

  it("shows the applicant the agency's reads by unit, newest first", async () => {
    const response = await readLog(applicant);
    expect(response.statusCode).toBe(200);
    const log = response.json<ApplicationReadLog>();
    const unit = ctx.profile.contactUnits[0]!.name.en;
    expect(log.readerShownAs).toBe('unit');
    expect(log.total).toBe(6);
    expect(log.items[0]).toMatchObject({ action: 'application.read', reader: unit });
    expect(log.items.map((item) => item.reader)).toEqual(Array(6).fill(unit));
    expect(JSON.stringify(log)).not.toContain(worker.email);
    expect(log.items.find((item) => item.action === 'rfi.file.read')).toMatchObject({ item: 'lease.pdf' });
  });

  it('is the owner’s only: another applicant, a worker and an administrator are told it does not exist', async () => {
    for (const user of [otherApplicant, worker, admin]) expect((await readLog(user)).statusCode).toBe(404);
    expect((await readLog(applicant, 999_999)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/Application/${applicationId}/reads` })).statusCode).toBe(
      401,
    );
  });

  it('keeps the chain whole with reads among the changes', async () => {
    expect(await ctx.app.repositories.audit.verifyChain()).toMatchObject({ ok: true });
  });
});

describe('a profile that names the person', () => {
  it("shows the staff member's name instead of the unit", async () => {
    const other = await createTestApp({}, undefined, {
      database: runtime.runtime,
      profile: (shipped) => ({ ...shipped, readLog: { showReader: 'person' } }),
    });
    try {
      const response = await other.app.inject({
        method: 'GET',
        url: `/api/Application/${applicationId}/reads`,
        headers: applicant.headers,
      });
      expect(response.json<ApplicationReadLog>().items[0]).toMatchObject({ reader: 'Polk Reader' });
    } finally {
      await other.app.close();
    }
  });
});

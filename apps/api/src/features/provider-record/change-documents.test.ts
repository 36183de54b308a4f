import type { ChangeDocuments, NotificationList, ProviderChange, ProviderRecordView, Rfi } from '@ccap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../../../test/application-fixture';
import { pdf } from '../../../test/document-files';
import { submitApplication } from '../../../test/documents-fixture';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';

let ctx: TestContext;
let provider: TestUser;
let otherProvider: TestUser;
let storyWorker: TestUser;
let polkWorker: TestUser;
let admin: TestUser;
let applicationId: number;

const RECORD_CHECK = 'Record check authorization (Form 470-3301) – Rosa Lopez';
const PHYSICAL = 'Physical examination report (Form 470-5152) – Rosa Lopez';

const call = (user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
const today = () => ctx.app.repositories.providerRecords.today();
const record = async () =>
  (await call(provider, 'GET', `/api/ProviderRecord/${applicationId}`)).json<ProviderRecordView>();
const eventsOf = async (user: TestUser) =>
  (await ctx.database.db.selectFrom('notification').select('event').where('user_id', '=', user.id).execute()).map(
    (row) => row.event,
  );

/** A draft change adding Rosa Lopez (aged 14+) to the household. */
async function newAdultDraft(firstName = 'Rosa') {
  const adults = (await record()).inForce!.answers.adults!;
  const response = await call(provider, 'POST', `/api/ProviderRecord/${applicationId}/changes`, {
    parts: ['adults'],
    answers: {
      adults: {
        ...adults,
        members: [
          ...adults.members!,
          { firstName, lastName: 'Lopez', dateOfBirth: '1950-04-02', relationshipCode: 'parent' },
        ],
      },
    },
    effectiveDate: today(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ProviderChange>();
}
async function send(change: ProviderChange) {
  const response = await call(provider, 'POST', `/api/ProviderRecord/changes/${change.changeId}/submit`, {
    version: change.version,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProviderChange>();
}
const documentsOf = (user: TestUser, changeId: number) =>
  call(user, 'GET', `/api/ProviderRecord/changes/${changeId}/documents`);
const codeOf = async (documentName: string, changeId: number) =>
  (await documentsOf(provider, changeId))
    .json<ChangeDocuments>()
    .documents.find((document) => document.documentName === documentName)!.code;

const upload = async (user: TestUser, changeId: number, documentName: string, bytes = pdf(), fileName = 'check.pdf') =>
  call(user, 'POST', `/api/ProviderRecord/changes/${changeId}/documents`, {
    code: await codeOf(documentName, changeId),
    documentName,
    fileName,
    documentStream: bytes.toString('base64'),
  });

beforeAll(async () => {
  ctx = await createTestApp();
  provider = await createUser(ctx, 'Provider');
  otherProvider = await createUser(ctx, 'Other Provider');
  storyWorker = await createUser(ctx, 'Story Worker', 'service-worker', ['Story']);
  polkWorker = await createUser(ctx, 'Polk Worker', 'service-worker', ['Polk']);
  admin = await createUser(ctx, 'Admin', 'administrator');
  applicationId = await submitApplication(ctx, provider, completeApplication());
  for (const [action, version] of [
    ['start-review', 1],
    ['approve', 2],
  ] as const) {
    const response = await call(storyWorker, 'POST', `/api/Staff/applications/${applicationId}/status`, {
      action,
      version,
    });
    expect(response.statusCode).toBe(200);
  }
});
afterAll(async () => {
  await ctx.close();
});

describe('documents on a change', () => {
  it('the provider uploads, lists, downloads and deletes them; staff of the county read them; others get 404', async () => {
    const change = await newAdultDraft();
    const listed = await documentsOf(provider, change.changeId);
    expect(listed.statusCode, listed.body).toBe(200);
    const before = listed.json<ChangeDocuments>();
    expect(before).toMatchObject({ changeId: change.changeId, missingCount: 2, canUpload: true });
    expect(before.documents.map((document) => [document.documentName, document.missing])).toEqual([
      [RECORD_CHECK, true],
      [PHYSICAL, true],
    ]);
    const code = await codeOf(RECORD_CHECK, change.changeId);

    // A draft is its provider's alone.
    for (const user of [storyWorker, admin, otherProvider]) {
      expect((await documentsOf(user, change.changeId)).statusCode).toBe(404);
    }
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api/ProviderRecord/changes/${change.changeId}/documents`,
      headers: provider.headers,
      payload: {
        code,
        documentName: RECORD_CHECK,
        fileName: 'rosa check.pdf',
        documentStream: pdf().toString('base64'),
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const afterUpload = added.json<ChangeDocuments>();
    expect(afterUpload.missingCount).toBe(1);
    const [file] = afterUpload.documents[0]!.files;
    expect(file).toMatchObject({ fileName: 'rosa check.pdf', contentType: 'application/pdf' });

    // Not a document the change needs; not a document at all; not the provider's change.
    const notNeeded = await call(provider, 'POST', `/api/ProviderRecord/changes/${change.changeId}/documents`, {
      code,
      documentName: 'Something else',
      fileName: 'x.pdf',
      documentStream: pdf().toString('base64'),
    });
    expect(notNeeded.statusCode).toBe(400);
    const text = await call(provider, 'POST', `/api/ProviderRecord/changes/${change.changeId}/documents`, {
      code: await codeOf(PHYSICAL, change.changeId),
      documentName: PHYSICAL,
      fileName: 'notes.pdf',
      documentStream: Buffer.from('just some text').toString('base64'),
    });
    expect(text.statusCode).toBe(415);
    const byOther = await call(otherProvider, 'POST', `/api/ProviderRecord/changes/${change.changeId}/documents`, {
      code,
      documentName: RECORD_CHECK,
      fileName: 'x.pdf',
      documentStream: pdf().toString('base64'),
    });
    expect(byOther.statusCode).toBe(404);

    const sent = await send(change);
    for (const user of [storyWorker, admin]) {
      const seen = await documentsOf(user, sent.changeId);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json<ChangeDocuments>()).toMatchObject({ missingCount: 1, canUpload: false });
    }
    for (const user of [polkWorker, otherProvider]) {
      expect((await documentsOf(user, sent.changeId)).statusCode).toBe(404);
    }

    const download = await call(storyWorker, 'GET', file!.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(pdf())).toBe(true);
    expect((await call(polkWorker, 'GET', file!.url)).statusCode).toBe(404);
    expect((await call(otherProvider, 'GET', file!.url)).statusCode).toBe(404);
    const reads = await ctx.database.db
      .selectFrom('audit_log')
      .select('actor_id')
      .where('action', '=', 'document.read')
      .where('entity_id', '=', String(applicationId))
      .execute();
    expect(reads.map((row) => row.actor_id)).toContain(storyWorker.id);

    // Staff read, they do not upload or delete.
    expect((await upload(storyWorker, sent.changeId, RECORD_CHECK)).statusCode).toBe(403);
    const deleteUrl = `/api/ProviderRecord/changes/documents/${file!.documentId}`;
    expect((await call(storyWorker, 'DELETE', deleteUrl)).statusCode).toBe(403);
    expect((await call(otherProvider, 'DELETE', deleteUrl)).statusCode).toBe(404);
    const deleted = await call(provider, 'DELETE', deleteUrl);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<ChangeDocuments>().missingCount).toBe(2);
    expect((await call(provider, 'GET', file!.url)).statusCode).toBe(404);

    // Once decided, nothing is added or removed.
    const again = await upload(provider, sent.changeId, RECORD_CHECK, pdf(), 'again.pdf');
    expect(again.statusCode, again.body).toBe(201);
    const kept = again.json<ChangeDocuments>().documents[0]!.files[0]!;
    const current = (
      await call(storyWorker, 'GET', `/api/ProviderRecord/changes/${sent.changeId}`)
    ).json<ProviderChange>();
    const decided = await call(storyWorker, 'POST', `/api/Staff/changes/${sent.changeId}/decision`, {
      action: 'approve',
      version: current.version,
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await upload(provider, sent.changeId, PHYSICAL)).statusCode).toBe(409);
    expect(
      (await call(provider, 'DELETE', `/api/ProviderRecord/changes/documents/${kept.documentId}`)).statusCode,
    ).toBe(409);
    expect((await call(provider, 'GET', kept.url)).statusCode).toBe(200);
    // Applied: its files are among the record's documents on file.
    expect((await record()).changeDocuments?.map((document) => document.documentId)).toContain(kept.documentId);
  });
});

describe('requests for information on a change', () => {
  const createRfi = (user: TestUser, body: object) => call(user, 'POST', '/api/rfi/CreateRfi', body);
  const rfisOf = (user: TestUser, changeId: number) => call(user, 'GET', `/api/Rfi/changes/${changeId}`);
  const permissionsOf = (user: TestUser, changeId: number) =>
    call(user, 'GET', `/api/Rfi/changes/${changeId}/permissions`);

  it('staff of the county ask, the provider answers with a comment and a file, staff complete it', async () => {
    const draft = await newAdultDraft('Ana');
    // No RFI on a draft: staff cannot see it.
    expect((await createRfi(storyWorker, { changeId: draft.changeId, serviceWorkerComment: 'x' })).statusCode).toBe(
      404,
    );
    const change = await send(draft);
    expect((await createRfi(polkWorker, { changeId: change.changeId, serviceWorkerComment: 'x' })).statusCode).toBe(
      404,
    );
    expect((await createRfi(otherProvider, { changeId: change.changeId, serviceWorkerComment: 'x' })).statusCode).toBe(
      403,
    );
    const both = await createRfi(storyWorker, { changeId: change.changeId, applicationId, serviceWorkerComment: 'x' });
    expect(both.statusCode).toBe(400);

    const created = await createRfi(storyWorker, {
      changeId: change.changeId,
      serviceWorkerComment: 'Is Ana living with you full time?',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { rfiId } = created.json<{ rfiId: number }>();
    expect(await eventsOf(provider)).toContain('rfiRequested');
    const message = await ctx.database.db
      .selectFrom('message')
      .select(['title', 'links'])
      .where('user_id', '=', provider.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(message.title).toContain(`change ${change.changeId}`);
    expect(JSON.stringify(message.links)).toContain(`/my-provider-record/changes/${change.changeId}`);

    // The application's own RFIs do not list it, nor does its status move.
    const ofApplication = (await call(provider, 'GET', `/api/Rfi/${applicationId}`)).json<Rfi[]>();
    expect(ofApplication.map((rfi) => rfi.rfiId)).not.toContain(rfiId);

    for (const user of [provider, storyWorker, admin]) {
      const listed = await rfisOf(user, change.changeId);
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json<Rfi[]>()[0]).toMatchObject({
        rfiId,
        applicationId,
        changeId: change.changeId,
        status: 'pending',
      });
    }
    for (const user of [polkWorker, otherProvider]) {
      expect((await rfisOf(user, change.changeId)).statusCode).toBe(404);
      expect((await permissionsOf(user, change.changeId)).statusCode).toBe(404);
    }
    expect((await permissionsOf(provider, change.changeId)).json()).toMatchObject({
      mode: 'applicant',
      canReply: true,
      canRequest: false,
      changeStatus: 'submitted',
    });
    expect((await permissionsOf(storyWorker, change.changeId)).json()).toMatchObject({
      mode: 'service-worker',
      canRequest: true,
      canComplete: true,
    });

    expect(
      (await call(otherProvider, 'POST', '/api/rfi/RespondRfi', { rfiId, applicantComment: 'Me?' })).statusCode,
    ).toBe(404);
    const answered = await call(provider, 'POST', '/api/rfi/RespondRfi', {
      rfiId,
      applicantComment: 'Yes, since March.',
      document: { documentName: 'lease.pdf', documentStream: pdf().toString('base64') },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const answer = answered.json<Rfi>();
    expect(answer).toMatchObject({ applicantComment: 'Yes, since March.', changeId: change.changeId });
    expect(await eventsOf(storyWorker)).toContain('rfiAnswered');
    const rfiFile = answer.documents[0]!;
    expect((await call(storyWorker, 'GET', rfiFile.url)).statusCode).toBe(200);
    expect((await call(polkWorker, 'GET', rfiFile.url)).statusCode).toBe(404);

    expect((await call(polkWorker, 'POST', '/api/rfi/CompleteRfi', { rfiId })).statusCode).toBe(404);
    expect((await call(provider, 'POST', '/api/rfi/CompleteRfi', { rfiId })).statusCode).toBe(403);
    const completed = await call(storyWorker, 'POST', '/api/rfi/CompleteRfi', { rfiId });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json<Rfi>().status).toBe('completed');
    expect(await eventsOf(provider)).toContain('rfiCompleted');
    expect((await permissionsOf(provider, change.changeId)).json()).toMatchObject({ canReply: false });
  });

  it('an answer past its due date is reminded once, in the change’s words, leading to the change', async () => {
    const change = await send(await newAdultDraft('Eva'));
    const created = await createRfi(storyWorker, {
      changeId: change.changeId,
      serviceWorkerComment: 'Please send the physical examination report.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { rfiId } = created.json<{ rfiId: number }>();
    await ctx.database.db.updateTable('rfi').set({ due_date: '2026-01-05' }).where('id', '=', rfiId).execute();

    const now = new Date();
    expect(await ctx.app.repositories.rfiReminders.remindDue(now)).toBe(1);
    // A second run, here or on another instance, finds nothing more to do.
    expect(await ctx.app.repositories.rfiReminders.remindDue(now)).toBe(0);
    const bell = await call(provider, 'GET', '/api/Notifications');
    expect(bell.json<NotificationList>().items[0]).toMatchObject({
      event: 'rfiDue',
      message: `Your answer on change ${change.changeId} is overdue.`,
      link: `/my-provider-record/changes/${change.changeId}`,
    });

    // Once the change is decided, its RFIs are completed: nothing more to remind.
    const overdue = await createRfi(storyWorker, { changeId: change.changeId, serviceWorkerComment: 'And the form?' });
    const next = overdue.json<{ rfiId: number }>().rfiId;
    await ctx.database.db.updateTable('rfi').set({ due_date: '2026-01-05' }).where('id', '=', next).execute();
    const current = (
      await call(storyWorker, 'GET', `/api/ProviderRecord/changes/${change.changeId}`)
    ).json<ProviderChange>();
    const denied = await call(storyWorker, 'POST', `/api/Staff/changes/${change.changeId}/decision`, {
      action: 'deny',
      version: current.version,
      reason: 'The household did not change.',
    });
    expect(denied.statusCode, denied.body).toBe(200);
    expect(await ctx.app.repositories.rfiReminders.remindDue(now)).toBe(0);
  });

  it('a decision on the change completes its pending RFIs; no RFI on a decided change (409)', async () => {
    const change = await send(await newAdultDraft('Eva'));
    const created = await createRfi(storyWorker, { changeId: change.changeId, serviceWorkerComment: 'Why?' });
    expect(created.statusCode).toBe(201);
    const denied = await call(storyWorker, 'POST', `/api/Staff/changes/${change.changeId}/decision`, {
      action: 'deny',
      version: change.version,
      reason: 'Not needed.',
    });
    expect(denied.statusCode, denied.body).toBe(200);
    expect((await rfisOf(provider, change.changeId)).json<Rfi[]>()[0]?.status).toBe('completed');
    const late = await createRfi(storyWorker, { changeId: change.changeId, serviceWorkerComment: 'Too late' });
    expect(late.statusCode).toBe(409);
    const answer = await call(provider, 'POST', '/api/rfi/RespondRfi', {
      rfiId: created.json<{ rfiId: number }>().rfiId,
      applicantComment: 'Late',
    });
    expect(answer.statusCode).toBe(409);
  });

  it('withdrawing the change completes its pending RFIs too, with the reason audited', async () => {
    const change = await send(await newAdultDraft('Ivy'));
    const created = await createRfi(storyWorker, { changeId: change.changeId, serviceWorkerComment: 'Who is Ivy?' });
    expect(created.statusCode).toBe(201);
    const { rfiId } = created.json<{ rfiId: number }>();
    const withdrawn = await call(provider, 'POST', `/api/ProviderRecord/changes/${change.changeId}/withdraw`, {
      version: change.version,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await rfisOf(provider, change.changeId)).json<Rfi[]>()[0]?.status).toBe('completed');
    const trail = await ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('entity_type', '=', 'rfi')
      .where('entity_id', '=', String(rfiId))
      .orderBy('id')
      .execute();
    expect(trail.at(-1)).toMatchObject({
      action: 'rfi.completed',
      reason: 'Closed with the change, which was withdrawn',
    });
  });
});

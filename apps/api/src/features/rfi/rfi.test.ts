import { createHash } from 'node:crypto';
import {
  type DashboardResponse,
  documentProblemTypes,
  type Problem,
  RFI_DUE_DATE_OUT_OF_RANGE,
  RFI_REPLY_EMPTY,
  rfiProblemTypes,
  SERVICE_WORKER_COMMENT_REQUIRED,
} from '@ccap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as files from '../../../test/document-files';
import { filesInStore, submitApplication } from '../../../test/documents-fixture';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';
import {
  completeRfi,
  createRfi,
  downloadRfiBase64,
  downloadRfiFile,
  listRfis,
  permissionsOf,
  respondRfi,
  rfiDocument,
  rfisOf,
} from '../../../test/rfi-fixture';
import { referencedByAny, sweepOrphanFiles } from '../documents/orphan-sweep';
import { programDay } from '../program/program-day';

let ctx: TestContext;
let owner: TestUser;
let stranger: TestUser;
let storyWorker: TestUser;
let polkWorker: TestUser;
let admin: TestUser;
let applicationId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createUser(ctx, 'Rfi Owner');
  stranger = await createUser(ctx, 'Someone Else');
  storyWorker = await createUser(ctx, 'Story Worker', 'service-worker', ['Story']);
  polkWorker = await createUser(ctx, 'Polk Worker', 'service-worker', ['Polk']);
  admin = await createUser(ctx, 'Admin', 'administrator');
  // The fixture's care location is in Story county.
  applicationId = await submitApplication(ctx, owner);
});
afterAll(async () => {
  await ctx.close();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const statusOf = async (id: number) =>
  (await ctx.database.db.selectFrom('application').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;
const dashboardOf = async (user: TestUser) =>
  (
    await ctx.app.inject({ method: 'GET', url: '/api/Dashboard/get-dashboard', headers: user.headers })
  ).json<DashboardResponse>();
const fieldErrors = (body: string) => (JSON.parse(body) as Problem).errors ?? [];
const mailsTo = async (email: string) =>
  (await ctx.app.repositories.mail.latest(200)).filter((mail) => mail.to === email);

describe('the RFI round trip', () => {
  let rfiId: number;

  it('a service worker of the county requests information with a note; the application waits on it', async () => {
    const response = await createRfi(ctx, storyWorker, {
      applicationId,
      serviceWorkerComment: '  Please send your current CPR certificate.  ',
      applicantComment: '',
      createdBy: 'someone@else.example',
      status: 'pending',
    });
    expect(response.statusCode).toBe(201);
    rfiId = response.json<{ rfiId: number }>().rfiId;
    expect(rfiId).toBeGreaterThan(0);

    const [rfi] = await rfisOf(ctx, owner, applicationId);
    expect(rfi).toEqual({
      rfiId,
      applicationId,
      changeId: null,
      statusDescription: 'pending',
      status: 'pending',
      createdDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      // From the token, whatever the payload said.
      createdBy: storyWorker.email,
      createdByName: 'Story Worker',
      // Ten days from today where the program is (its profile's time zone), not UTC's today.
      dueDate: programDay(ctx.profile.timeZone, new Date(), 10),
      serviceWorkerComment: 'Please send your current CPR certificate.',
      applicantComment: null,
      respondedDate: null,
      completedDate: null,
      documents: [],
    });
    expect(await statusOf(applicationId)).toBe('information-requested');
  });

  it('shows on the applicant’s dashboard, with the status change in its history, and is mailed to them', async () => {
    const dashboard = await dashboardOf(owner);
    expect(dashboard.providerApplication).toMatchObject({ status: 'information-requested', openRfiCount: 1 });
    expect(dashboard.providerApplication?.statusHistory.map((change) => change.status)).toEqual([
      'submitted',
      'information-requested',
    ]);
    const [mail] = await mailsTo(owner.email);
    expect(mail?.subject).toBe(`Information requested on your application ${applicationId}`);
    expect(mail?.text).toContain(`/rfi-v1/${applicationId}`);
  });

  it('tells each caller which side of the page they are on', async () => {
    expect((await permissionsOf(ctx, owner, applicationId)).body).toEqual({
      applicationId,
      applicationStatus: 'information-requested',
      mode: 'applicant',
      canRequest: false,
      canComplete: false,
      canReply: true,
    });
    for (const staff of [storyWorker, admin]) {
      expect((await permissionsOf(ctx, staff, applicationId)).body).toMatchObject({
        mode: 'service-worker',
        canRequest: true,
        canComplete: true,
        canReply: false,
      });
    }
    for (const user of [stranger, polkWorker])
      expect((await permissionsOf(ctx, user, applicationId)).statusCode).toBe(404);
  });

  it('the applicant replies with a comment and a PDF; the service worker is mailed', async () => {
    const pdf = files.pdf(2048);
    const response = await respondRfi(ctx, owner, {
      rfiId,
      applicantComment: 'Here is my CPR certificate.',
      document: rfiDocument('cpr-certificate.pdf', pdf),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      rfiId,
      status: 'pending',
      applicantComment: 'Here is my CPR certificate.',
      respondedDate: expect.any(String),
      documents: [
        {
          rfiDocumentId: expect.any(Number),
          documentName: 'cpr-certificate.pdf',
          contentType: 'application/pdf',
          size: pdf.length,
          uploadedBy: owner.email,
          url: expect.stringMatching(/^\/api\/Rfi\/documents\/\d+\/file$/),
        },
      ],
    });
    const [mail] = await mailsTo(storyWorker.email);
    expect(mail?.subject).toBe(`The applicant answered your request for information on application ${applicationId}`);
    // Answering does not close it: the application still waits for the service worker, and no
    // longer for the applicant, whose dashboard stops asking (they may still add to it).
    expect(await statusOf(applicationId)).toBe('information-requested');
    expect((await dashboardOf(owner)).providerApplication).toMatchObject({
      status: 'information-requested',
      openRfiCount: 0,
    });
    expect((await permissionsOf(ctx, owner, applicationId)).body.canReply).toBe(true);
  });

  it('the service worker downloads the PDF byte for byte, as bytes and as the spec’s base64 text', async () => {
    const [rfi] = await rfisOf(ctx, storyWorker, applicationId);
    const document = rfi!.documents[0]!;
    const binary = await downloadRfiFile(ctx, storyWorker, document.rfiDocumentId);
    expect(binary.statusCode).toBe(200);
    expect(binary.headers['content-type']).toBe('application/pdf');
    expect(binary.headers['content-disposition']).toBe('attachment; filename=cpr-certificate.pdf');
    expect(sha256(binary.rawPayload)).toBe(sha256(files.pdf(2048)));
    const text = await downloadRfiBase64(ctx, storyWorker, document.rfiDocumentId);
    expect(text.statusCode).toBe(200);
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(Buffer.from(text.body, 'base64').equals(files.pdf(2048))).toBe(true);
    // Staff of another county and other applicants are told it does not exist.
    for (const user of [stranger, polkWorker]) {
      expect((await downloadRfiFile(ctx, user, document.rfiDocumentId)).statusCode).toBe(404);
      expect((await downloadRfiBase64(ctx, user, document.rfiDocumentId)).statusCode).toBe(404);
    }
    expect((await downloadRfiFile(ctx, owner, 999_999)).statusCode).toBe(404);
  });

  it('the service worker marks it completed; the application returns to in-review', async () => {
    const response = await completeRfi(ctx, storyWorker, rfiId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ rfiId, status: 'completed', completedDate: expect.any(String) });
    expect(await statusOf(applicationId)).toBe('in-review');
    const dashboard = await dashboardOf(owner);
    expect(dashboard.providerApplication).toMatchObject({ status: 'in-review', openRfiCount: 0 });
    expect(dashboard.providerApplication?.statusHistory.map((change) => change.status)).toEqual([
      'submitted',
      'information-requested',
      'in-review',
    ]);
    const [mail] = await mailsTo(owner.email);
    expect(mail?.subject).toBe(`Your answer on application ${applicationId} was received`);
    const audit = await ctx.app.repositories.audit.forEntity('rfi', String(rfiId));
    expect(audit.map((entry) => entry.action)).toEqual(['rfi.requested', 'rfi.answered', 'rfi.completed']);
  });

  it('a completed RFI can be neither answered nor completed again (409), and no file is left behind', async () => {
    const before = await filesInStore(ctx);
    const reply = await respondRfi(ctx, owner, {
      rfiId,
      applicantComment: 'One more thing',
      document: rfiDocument('late.pdf', files.pdf()),
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json<Problem>().type).toBe(rfiProblemTypes.notPending);
    expect((await completeRfi(ctx, storyWorker, rfiId)).statusCode).toBe(409);
    expect(await filesInStore(ctx)).toEqual(before);
  });

  it('keeps RFI files through the start-up orphan sweep', async () => {
    const before = (await filesInStore(ctx)).filter((key) => key.startsWith('rfi/'));
    expect(before).toHaveLength(1);
    await sweepOrphanFiles(
      ctx.app.blobs,
      referencedByAny(ctx.app.repositories.documents, ctx.app.repositories.rfiFiles),
      { olderThanMs: -60_000 },
    );
    expect((await filesInStore(ctx)).filter((key) => key.startsWith('rfi/'))).toEqual(before);
  });
});

describe('who may do what', () => {
  it('lists to the owner, staff of the county and administrators; anyone else gets 404', async () => {
    for (const user of [owner, storyWorker, admin]) {
      expect((await listRfis(ctx, user, applicationId)).statusCode).toBe(200);
    }
    for (const user of [stranger, polkWorker]) {
      const response = await listRfis(ctx, user, applicationId);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    expect((await listRfis(ctx, owner, 999_999)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/Rfi/${applicationId}` })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/Rfi/abc', headers: owner.headers })).statusCode).toBe(400);
  });

  it('only staff of the county request or complete; the applicant alone answers', async () => {
    const body = { applicationId, serviceWorkerComment: 'Please send a photo ID.' };
    // Staff of another county: the application does not exist for them.
    expect((await createRfi(ctx, polkWorker, body)).statusCode).toBe(404);
    // Applicants (the owner included) are not staff.
    expect((await createRfi(ctx, owner, body)).statusCode).toBe(403);
    expect((await createRfi(ctx, stranger, body)).statusCode).toBe(403);

    const created = await createRfi(ctx, admin, body);
    expect(created.statusCode).toBe(201);
    const { rfiId } = created.json<{ rfiId: number }>();
    expect((await respondRfi(ctx, stranger, { rfiId, applicantComment: 'x' })).statusCode).toBe(404);
    expect((await respondRfi(ctx, polkWorker, { rfiId, applicantComment: 'x' })).statusCode).toBe(404);
    expect((await respondRfi(ctx, storyWorker, { rfiId, applicantComment: 'x' })).statusCode).toBe(403);
    expect((await completeRfi(ctx, polkWorker, rfiId)).statusCode).toBe(404);
    expect((await completeRfi(ctx, owner, rfiId)).statusCode).toBe(403);
    expect((await respondRfi(ctx, owner, { rfiId: 999_999, applicantComment: 'x' })).statusCode).toBe(404);
    expect((await respondRfi(ctx, owner, { rfiId, applicantComment: 'Attached.' })).statusCode).toBe(200);
    expect((await completeRfi(ctx, storyWorker, rfiId)).statusCode).toBe(200);
  });

  it('the application waits until every RFI is completed', async () => {
    const id = await submitApplication(ctx, owner);
    const ask = async (note: string) =>
      (await createRfi(ctx, storyWorker, { applicationId: id, serviceWorkerComment: note })).json<{ rfiId: number }>()
        .rfiId;
    const first = await ask('First question');
    const second = await ask('Second question');
    expect((await rfisOf(ctx, owner, id)).map((rfi) => rfi.rfiId)).toEqual([second, first]);
    expect((await permissionsOf(ctx, owner, id)).body.canReply).toBe(true);
    await completeRfi(ctx, storyWorker, first);
    expect(await statusOf(id)).toBe('information-requested');
    expect((await dashboardOf(owner)).providerApplication?.openRfiCount).toBe(1);
    await completeRfi(ctx, storyWorker, second);
    expect(await statusOf(id)).toBe('in-review');
    expect((await permissionsOf(ctx, storyWorker, id)).body).toMatchObject({ canComplete: false, canRequest: true });
  });

  it('the applicant answers each pending RFI, an older one while a newer one waits too', async () => {
    const id = await submitApplication(ctx, owner);
    const ask = async (note: string) =>
      (await createRfi(ctx, storyWorker, { applicationId: id, serviceWorkerComment: note })).json<{ rfiId: number }>()
        .rfiId;
    const older = await ask('Send the lease.');
    const newer = await ask('Send the fire marshal report.');
    const answer = (rfiId: number, applicantComment: string) => respondRfi(ctx, owner, { rfiId, applicantComment });
    const waitingOnApplicant = async (openRfiCount: number) =>
      expect((await dashboardOf(owner)).providerApplication).toMatchObject({ applicationId: id, openRfiCount });

    expect((await answer(older, 'The lease is attached.')).json()).toMatchObject({
      rfiId: older,
      status: 'pending',
      applicantComment: 'The lease is attached.',
      respondedDate: expect.any(String),
    });
    await waitingOnApplicant(1);
    expect((await permissionsOf(ctx, owner, id)).body.canReply).toBe(true);
    expect((await answer(newer, 'The report is attached.')).statusCode).toBe(200);
    await waitingOnApplicant(0);
    // An answered request still pending may be added to (ADR 049); the latest comment is kept.
    expect((await answer(older, 'And the signed page.')).json()).toMatchObject({
      rfiId: older,
      applicantComment: 'And the signed page.',
    });
    expect((await rfisOf(ctx, storyWorker, id)).map((rfi) => [rfi.rfiId, rfi.status])).toEqual([
      [newer, 'pending'],
      [older, 'pending'],
    ]);
  });

  it('an answer and the completion at the same moment both end well: no deadlock, no 5xx', async () => {
    const id = await submitApplication(ctx, owner);
    for (let round = 0; round < 5; round += 1) {
      const rfiId = (
        await createRfi(ctx, storyWorker, { applicationId: id, serviceWorkerComment: `Question ${round}` })
      ).json<{ rfiId: number }>().rfiId;
      const [answer, completion] = await Promise.all([
        respondRfi(ctx, owner, { rfiId, applicantComment: `Answer ${round}` }),
        completeRfi(ctx, storyWorker, rfiId),
      ]);
      // The answer may come after the completion (409, nothing written); the completion always lands.
      expect([200, 409]).toContain(answer.statusCode);
      expect(completion.statusCode).toBe(200);
      expect(await statusOf(id)).toBe('in-review');
    }
  });

  it.each([
    ['deny', 'Not eligible in this county.'],
    ['withdraw', 'The provider asked to withdraw.'],
    ['approve', undefined],
  ] as const)(
    '%s closes the RFIs still pending: nobody is asked to answer a closed application',
    async (action, reason) => {
      const id = await submitApplication(ctx, owner);
      const rfiId = (
        await createRfi(ctx, storyWorker, { applicationId: id, serviceWorkerComment: 'Send the lease, please.' })
      ).json<{ rfiId: number }>().rfiId;
      expect(await statusOf(id)).toBe('information-requested');
      const decide = (body: { action: string; version: number; reason?: string }) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/Staff/applications/${id}/status`,
          headers: storyWorker.headers,
          payload: body,
        });
      const versionOf = async () =>
        (
          await ctx.database.db
            .selectFrom('application')
            .select('version')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).version;
      // Approval comes from review: a reviewer may take an application back into review while an RFI is open.
      if (action === 'approve') {
        expect((await decide({ action: 'start-review', version: await versionOf() })).statusCode).toBe(200);
      }
      const decided = await decide({ action, version: await versionOf(), ...(reason ? { reason } : {}) });
      expect(decided.statusCode, decided.body).toBe(200);

      const [rfi] = await rfisOf(ctx, owner, id);
      expect(rfi).toMatchObject({ rfiId, status: 'completed' });
      expect((await permissionsOf(ctx, owner, id)).body).toMatchObject({ canReply: false });
      expect((await permissionsOf(ctx, storyWorker, id)).body).toMatchObject({ canComplete: false, canRequest: false });
      expect((await dashboardOf(owner)).providerApplication).toMatchObject({ applicationId: id, openRfiCount: 0 });
      const answer = await respondRfi(ctx, owner, { rfiId, applicantComment: 'Here it is.' });
      expect(answer.statusCode).toBe(409);
      const queue = await ctx.app.inject({
        method: 'GET',
        url: '/api/Staff/applications?rfi=open&pageSize=100',
        headers: storyWorker.headers,
      });
      expect(
        queue.json<{ items: { applicationId: number }[] }>().items.map((item) => item.applicationId),
      ).not.toContain(id);
      // Said in the audit trail: who closed it, and why.
      const trail = await ctx.database.db
        .selectFrom('audit_log')
        .select(['action', 'actor_label', 'reason'])
        .where('entity_type', '=', 'rfi')
        .where('entity_id', '=', String(rfiId))
        .orderBy('id')
        .execute();
      expect(trail.at(-1)).toMatchObject({ action: 'rfi.completed', actor_label: storyWorker.email });
      expect(trail.at(-1)?.reason).toMatch(/decision|withdrawn/i);
    },
  );

  it('a decision, a completion and an answer at the same moment all end well: no deadlock, no 5xx', async () => {
    for (let round = 0; round < 8; round += 1) {
      const id = await submitApplication(ctx, owner);
      const rfiId = (
        await createRfi(ctx, storyWorker, { applicationId: id, serviceWorkerComment: `Question ${round}` })
      ).json<{ rfiId: number }>().rfiId;
      const version = (
        await ctx.database.db.selectFrom('application').select('version').where('id', '=', id).executeTakeFirstOrThrow()
      ).version;
      const [decision, completion, answer] = await Promise.all([
        ctx.app.inject({
          method: 'POST',
          url: `/api/Staff/applications/${id}/status`,
          headers: storyWorker.headers,
          payload: { action: 'deny', version, reason: 'Not eligible.' },
        }),
        completeRfi(ctx, storyWorker, rfiId),
        respondRfi(ctx, owner, { rfiId, applicantComment: `Answer ${round}` }),
      ]);
      // The completion may come first and move the application on (the decision's version is
      // then stale: 409), or the decision first and complete the RFI itself (the completion
      // and the answer find it completed: 409). Nothing fails.
      for (const response of [decision, completion, answer])
        expect([200, 409], response.body).toContain(response.statusCode);
      expect([decision.statusCode, completion.statusCode]).toContain(200);
      expect((await rfisOf(ctx, owner, id))[0]?.status).toBe('completed');
    }
  });

  it('no RFI on an application with a decision (409)', async () => {
    const id = await submitApplication(ctx, owner);
    await ctx.database.db.updateTable('application').set({ status: 'approved' }).where('id', '=', id).execute();
    const response = await createRfi(ctx, storyWorker, { applicationId: id, serviceWorkerComment: 'Too late' });
    expect(response.statusCode).toBe(409);
    expect(response.json<Problem>().type).toBe(rfiProblemTypes.applicationClosed);
    expect((await permissionsOf(ctx, storyWorker, id)).body.canRequest).toBe(false);
  });
});

describe('invalid payloads', () => {
  const create = (body: Record<string, unknown>) => createRfi(ctx, storyWorker, { applicationId, ...body });

  it('a missing or blank service worker comment is a 400 naming the field, with the spec’s message', async () => {
    for (const body of [{}, { serviceWorkerComment: '   ' }, { serviceWorkerComment: null }]) {
      const response = await create(body);
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(fieldErrors(response.body)).toEqual([
        { path: 'serviceWorkerComment', message: SERVICE_WORKER_COMMENT_REQUIRED },
      ]);
    }
  });

  it('bad base64 and a data-URL prefix left in are 400 at document.documentStream', async () => {
    const pdf = files.pdf().toString('base64');
    for (const documentStream of ['not base64!', `data:application/pdf;base64,${pdf}`]) {
      const response = await create({
        serviceWorkerComment: 'See the attached form',
        document: { documentName: 'form.pdf', documentStream },
      });
      expect(response.statusCode).toBe(400);
      expect(fieldErrors(response.body)).toEqual([
        { path: 'document.documentStream', message: 'must be base64 (without a data: URL prefix)' },
      ]);
      const reply = await respondRfi(ctx, owner, { rfiId: 1, document: { documentName: 'a.pdf', documentStream } });
      expect(reply.statusCode).toBe(400);
    }
  });

  it('a status other than pending, a past due date, or an empty reply is a 400', async () => {
    expect((await create({ serviceWorkerComment: 'x', status: 'completed' })).statusCode).toBe(400);
    const past = await create({ serviceWorkerComment: 'x', dueDate: '2020-01-01' });
    expect(past.statusCode).toBe(400);
    expect(fieldErrors(past.body)).toEqual([{ path: 'dueDate', message: expect.any(String) }]);
    const empty = await respondRfi(ctx, owner, { rfiId: 1, applicantComment: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(fieldErrors(empty.body)).toEqual([{ path: 'applicantComment', message: RFI_REPLY_EMPTY }]);
  });

  it('a due date runs from today to a year from today on the program’s day, the form’s rule', async () => {
    const day = (offset: number) => programDay(ctx.profile.timeZone, new Date(), offset);
    for (const dueDate of [day(0), day(365)]) {
      const response = await create({ serviceWorkerComment: 'x', dueDate });
      expect(response.statusCode, `${dueDate}: ${response.body}`).toBe(201);
    }
    // Yesterday on the program's day would be overdue the moment it is asked.
    for (const dueDate of [day(-1), day(366)]) {
      const response = await create({ serviceWorkerComment: 'x', dueDate });
      expect(response.statusCode, dueDate).toBe(400);
      expect(response.json<Problem>()).toMatchObject({
        type: 'urn:ccap:problem:validation',
        errors: [{ path: 'dueDate', message: RFI_DUE_DATE_OUT_OF_RANGE }],
      });
    }
  });

  it('an oversize file is 413 and a file of the wrong type 415, and nothing is written', async () => {
    const before = await filesInStore(ctx);
    const rfisBefore = (await rfisOf(ctx, owner, applicationId)).length;
    const tooLarge = await create({
      serviceWorkerComment: 'See attached',
      document: rfiDocument('big.pdf', files.pdf(ctx.config.documents.maxUploadBytes + 1)),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json<Problem>()).toMatchObject({
      type: documentProblemTypes.tooLarge,
      maxBytes: ctx.config.documents.maxUploadBytes,
    });
    const wrongType = await create({
      serviceWorkerComment: 'See attached',
      document: rfiDocument('notes.pdf', Buffer.from('just some text, not a PDF')),
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json<Problem>().type).toBe(documentProblemTypes.unsupportedType);
    expect(await filesInStore(ctx)).toEqual(before);
    expect(await rfisOf(ctx, owner, applicationId)).toHaveLength(rfisBefore);
  });
});

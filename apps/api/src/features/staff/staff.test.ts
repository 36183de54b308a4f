import {
  type DraftApplication,
  type StaffApplication,
  type StaffQueueResponse,
  type StaffStatistics,
  staffQueueQuerySchema,
} from '@ccap/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationInCounty, completeApplication } from '../../../test/application-fixture';
import { downloadFile, submitApplication, uploadMultipart } from '../../../test/documents-fixture';
import * as files from '../../../test/document-files';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';
import { createRfi, listRfis, respondRfi } from '../../../test/rfi-fixture';
import { programDay } from '../program/program-day';
import { createQueueRepository } from './queue.repository';

let ctx: TestContext;
let applicant: TestUser;
let polkWorker: TestUser;
let storyWorker: TestUser;
let admin: TestUser;
let polkId: number;
let storyId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  applicant = await createUser(ctx, 'Applicant');
  polkWorker = await createUser(ctx, 'Polk Worker', 'service-worker', ['Polk']);
  storyWorker = await createUser(ctx, 'Story Worker', 'service-worker', ['Story']);
  admin = await createUser(ctx, 'Admin', 'administrator');
  polkId = await submitApplication(ctx, applicant, applicationInCounty('Polk', 'Little Acorns Polk'));
  storyId = await submitApplication(ctx, applicant, applicationInCounty('Story', 'Story Time Care'));
});
afterAll(async () => {
  await ctx.close();
});

const get = (user: TestUser, url: string) => ctx.app.inject({ method: 'GET', url, headers: user.headers });
const post = (user: TestUser, url: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers: user.headers, payload: payload as object });
const queue = async (user: TestUser, query = '') => {
  const response = await get(user, `/api/Staff/applications${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<StaffQueueResponse>();
};
const review = async (user: TestUser, id: number) => {
  const response = await get(user, `/api/Staff/applications/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json<StaffApplication>();
};
const changeStatus = (user: TestUser, id: number, body: { action: string; version: number; reason?: string }) =>
  post(user, `/api/Staff/applications/${id}/status`, body);

describe('the queue', () => {
  it("shows a worker only their counties' applications, an administrator every county", async () => {
    const polk = await queue(polkWorker);
    expect(polk.items.map((item) => item.applicationId)).toEqual([polkId]);
    expect(polk.counties).toEqual(['Polk']);
    expect(polk.items[0]).toMatchObject({
      providerName: 'Little Acorns Polk',
      providerType: 'registeredprovider',
      county: 'Polk',
      status: 'submitted',
      daysWaiting: 0,
      overdue: false,
      assignee: null,
      version: 1,
    });
    const all = await queue(admin);
    expect(all.items.map((item) => item.applicationId).sort()).toEqual([polkId, storyId].sort());
    expect(all.counties).toContain('Woodbury');
  });

  it('filters by county, status, type and searches by name or id', async () => {
    expect((await queue(admin, '?county=Story')).items.map((item) => item.applicationId)).toEqual([storyId]);
    expect((await queue(admin, '?status=approved')).total).toBe(0);
    expect((await queue(admin, '?providerType=unregisteredprovider')).total).toBe(0);
    expect((await queue(admin, '?search=acorns')).items.map((item) => item.applicationId)).toEqual([polkId]);
    expect((await queue(admin, `?search=${storyId}`)).items.map((item) => item.applicationId)).toEqual([storyId]);
    expect((await queue(admin, '?search=100%25')).total).toBe(0);
  });

  it('sorts and pages on the server', async () => {
    const byName = await queue(admin, '?sort=providerName&order=desc&pageSize=10');
    expect(byName.items.map((item) => item.providerName)).toEqual(['Story Time Care', 'Little Acorns Polk']);
    const second = await queue(admin, '?sort=providerName&page=2&pageSize=10');
    expect(second).toMatchObject({ items: [], total: 2, page: 2 });
    const refused = await get(admin, '/api/Staff/applications?pageSize=7');
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toContain('application/problem+json');
  });

  it('pages through equal names in id order, every application once, in both directions', async () => {
    const { rows } = await sql<{ id: string; provider_name: string }>`
      insert into application (owner_id, draft_id, provider_type, status, application_json, provider_name, county)
      select ${applicant.id}::uuid, 900000 + g, 'registeredprovider', 'submitted', '{}'::jsonb,
        (array['Aster Care', 'Tie Break Care', 'Zinnia Care'])[1 + g % 3], 'Linn'
      from generate_series(1, 12) g
      returning id, provider_name`.execute(ctx.database.db);
    try {
      const ids = (name: string, order: 'asc' | 'desc') =>
        rows
          .filter((row) => row.provider_name === name)
          .map((row) => Number(row.id))
          .sort((a, b) => (order === 'asc' ? a - b : b - a));
      const walk = async (order: 'asc' | 'desc') => {
        const seen: number[] = [];
        for (let page = 1; page <= 2; page++) {
          const answer = await queue(admin, `?sort=providerName&order=${order}&pageSize=10&page=${page}`);
          expect(answer.total).toBe(14);
          seen.push(...answer.items.map((item) => item.applicationId));
        }
        return seen;
      };
      expect(await walk('desc')).toEqual([
        ...ids('Zinnia Care', 'desc'),
        ...ids('Tie Break Care', 'desc'),
        storyId,
        polkId,
        ...ids('Aster Care', 'desc'),
      ]);
      expect(await walk('asc')).toEqual([
        ...ids('Aster Care', 'asc'),
        polkId,
        storyId,
        ...ids('Tie Break Care', 'asc'),
        ...ids('Zinnia Care', 'asc'),
      ]);
    } finally {
      await sql`delete from application where draft_id > 900000`.execute(ctx.database.db);
    }
  });

  it('marks what waits past the target as overdue, with its days waiting', async () => {
    const old = await submitApplication(ctx, applicant, applicationInCounty('Polk', 'Old Oak'));
    await sql`update application set submitted_at = now() - interval '45 days' where id = ${old}`.execute(
      ctx.database.db,
    );
    const item = (await queue(polkWorker, '?sort=daysWaiting&order=desc')).items[0]!;
    expect(item).toMatchObject({ applicationId: old, daysWaiting: 45, overdue: true });
  });

  it('assigns to me, filters by assignee, and refuses a stale version', async () => {
    const assigned = await post(polkWorker, `/api/Staff/applications/${polkId}/assign`, { assignee: 'me', version: 1 });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({ version: 2, assignee: { id: polkWorker.id, name: 'Polk Worker' } });
    expect((await queue(polkWorker, '?assignee=me')).items.map((item) => item.applicationId)).toEqual([polkId]);
    expect((await queue(admin, '?assignee=me')).total).toBe(0);
    const stale = await post(admin, `/api/Staff/applications/${polkId}/assign`, { assignee: 'me', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ type: 'urn:ccap:problem:version-conflict' });
    expect(stale.json<{ detail: string }>().detail).toMatch(/Someone else changed this application/);
    // When, as the reader's language writes a date and time in the program's zone: not an ISO stamp.
    expect(stale.json<{ detail: string }>().detail).toMatch(
      / at [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s?[AP]M \(C[SD]T\) /,
    );
    expect(stale.json<{ detail: string }>().detail).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    const inFrench = await ctx.app.inject({
      method: 'POST',
      url: `/api/Staff/applications/${polkId}/assign`,
      headers: { ...admin.headers, 'accept-language': 'fr' },
      payload: { assignee: 'me', version: 1 },
    });
    expect(inFrench.json<{ detail: string }>().detail).toMatch(
      /^Quelqu’un d’autre a modifié cette demande le \d{1,2} [a-zéû]+ \d{4} à \d{2}:\d{2} \(UTC−[56]\), /,
    );
  });

  it('shows open requests for information with the next due date, filters and sorts by them, and counts them', async () => {
    const waiting = await submitApplication(ctx, applicant, applicationInCounty('Polk', 'Waiting Willow'));
    const ask = (dueDate: string) =>
      createRfi(ctx, polkWorker, { applicationId: waiting, serviceWorkerComment: 'Send the lease.', dueDate });
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    expect((await ask(inDays(30))).statusCode).toBe(201);
    expect((await ask(inDays(20))).statusCode).toBe(201);
    const open = await queue(polkWorker, '?rfi=open');
    expect(open.items).toEqual([
      expect.objectContaining({
        applicationId: waiting,
        status: 'information-requested',
        openRfiCount: 2,
        nextRfiDueAt: inDays(20),
        rfiOverdue: false,
      }),
    ]);
    expect((await queue(polkWorker, '?rfi=overdue')).total).toBe(0);
    expect((await queue(polkWorker, '?sort=nextRfiDueAt')).items[0]!.applicationId).toBe(waiting);
    expect((await queue(polkWorker)).items.find((item) => item.applicationId === polkId)).toMatchObject({
      openRfiCount: 0,
      nextRfiDueAt: null,
    });

    // One of them is past its date now: the row says so, the filter finds it, the statistics count it.
    await sql`update rfi set due_date = current_date - 3 where application_id = ${waiting} and due_date = ${inDays(20)}::date`.execute(
      ctx.database.db,
    );
    const overdue = await queue(polkWorker, '?rfi=overdue');
    expect(overdue.items.map((item) => [item.applicationId, item.rfiOverdue])).toEqual([[waiting, true]]);
    const stats = (await get(polkWorker, '/api/Staff/statistics')).json<StaffStatistics>();
    expect(stats).toMatchObject({ rfisOpen: 2, rfisOverdue: 1 });
    expect((await get(storyWorker, '/api/Staff/statistics')).json<StaffStatistics>()).toMatchObject({
      rfisOpen: 0,
      rfisOverdue: 0,
    });
    expect((await get(polkWorker, '/api/Staff/applications?rfi=late')).statusCode).toBe(400);
  });

  it('an answered request waits for staff: never past due in the queue, its filter or the statistics', async () => {
    const statistics = async () => (await get(polkWorker, '/api/Staff/statistics')).json<StaffStatistics>();
    const before = await statistics();
    const answered = await submitApplication(ctx, applicant, applicationInCounty('Polk', 'Answered Aspen'));
    const ask = async () => {
      const response = await createRfi(ctx, polkWorker, { applicationId: answered, serviceWorkerComment: 'Lease?' });
      return response.json<{ rfiId: number }>().rfiId;
    };
    const first = await ask();
    const second = await ask();
    // The applicant answers the first in time; then both are past their date.
    expect((await respondRfi(ctx, applicant, { rfiId: first, applicantComment: 'Attached.' })).statusCode).toBe(200);
    await sql`update rfi set due_date = current_date - 3 where id in (${first}, ${second})`.execute(ctx.database.db);
    const row = async () =>
      (await queue(polkWorker, '?rfi=open')).items.find((item) => item.applicationId === answered);
    const overdue = async () => (await queue(polkWorker, '?rfi=overdue')).items.map((item) => item.applicationId);

    expect(await row()).toMatchObject({ openRfiCount: 2, rfiOverdue: true });
    expect(await overdue()).toContain(answered);
    expect(await statistics()).toMatchObject({
      rfisOpen: before.rfisOpen + 2,
      rfisOverdue: before.rfisOverdue + 1,
    });

    // Both answered: still open until staff complete them, past due no longer.
    expect((await respondRfi(ctx, applicant, { rfiId: second, applicantComment: 'Attached.' })).statusCode).toBe(200);
    expect(await row()).toMatchObject({ openRfiCount: 2, nextRfiDueAt: null, rfiOverdue: false });
    expect(await overdue()).not.toContain(answered);
    expect(await statistics()).toMatchObject({ rfisOpen: before.rfisOpen + 2, rfisOverdue: before.rfisOverdue });
  });
});

describe("the program's day", () => {
  it('counts a request for information past due once its day has ended where the program is, not in UTC', async () => {
    const id = await submitApplication(ctx, applicant, applicationInCounty('Polk', 'Time Zone Tulip'));
    expect((await createRfi(ctx, polkWorker, { applicationId: id, serviceWorkerComment: 'Lease?' })).statusCode).toBe(
      201,
    );
    // Due on the earliest today on Earth (UTC-12): in the time zone furthest ahead (UTC+14)
    // that day has always ended, where it began it has not. Set in the table: the API takes a
    // due date from the program's today only, and UTC-12's today can be the program's yesterday.
    const dueDate = programDay('Etc/GMT+12');
    await sql`update rfi set due_date = ${dueDate}::date where application_id = ${id}`.execute(ctx.database.db);
    const scope = { userId: polkWorker.id, allCounties: false, counties: ['Polk'] };
    const rowIn = async (timeZone: string) => {
      const queue = await createQueueRepository(ctx.database.db, timeZone).page(
        scope,
        staffQueueQuerySchema.parse({ rfi: 'open', pageSize: 100 }),
      );
      return queue.items.find((item) => item.applicationId === id);
    };
    expect(await rowIn('Etc/GMT+12')).toMatchObject({ nextRfiDueAt: dueDate, rfiOverdue: false });
    expect(await rowIn('Pacific/Kiritimati')).toMatchObject({ nextRfiDueAt: dueDate, rfiOverdue: true });
  });
});

describe('who may see an application', () => {
  it('answers 404 to a worker of another county, for the application, its documents and its RFIs', async () => {
    expect((await get(storyWorker, `/api/Staff/applications/${polkId}`)).statusCode).toBe(404);
    expect((await listRfis(ctx, storyWorker, polkId)).statusCode).toBe(404);
    expect((await get(storyWorker, `/api/Rfi/${polkId}/permissions`)).statusCode).toBe(404);
    const asked = await createRfi(ctx, storyWorker, { applicationId: polkId, serviceWorkerComment: 'Not mine.' });
    expect(asked.statusCode).toBe(404);
    expect((await get(storyWorker, `/api/Application/${polkId}/documents`)).statusCode).toBe(404);
    const { documents } = await review(polkWorker, polkId);
    const target = { applicationId: polkId, documentId: documents[0]!.documentId };
    expect((await downloadFile(ctx, storyWorker, target)).statusCode).toBe(404);
    expect((await changeStatus(storyWorker, polkId, { action: 'start-review', version: 2 })).statusCode).toBe(404);
    expect(
      (await post(storyWorker, `/api/Staff/applications/${polkId}/documents`, { documentName: 'X', description: 'Y' }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses an applicant on every staff route, as problem+json', async () => {
    const staffRoutes = ctx.app.routeTable.filter(
      (route) => route.url.startsWith('/api/Staff') && route.method !== 'HEAD',
    );
    expect(staffRoutes.length).toBeGreaterThanOrEqual(7);
    for (const route of staffRoutes) {
      const url = route.url.replace(':id', String(polkId)).replace(':documentId', '1');
      const response = await ctx.app.inject({
        method: route.method as 'GET' | 'POST',
        url,
        headers: applicant.headers,
        ...(route.method === 'POST' ? { payload: {} } : {}),
      });
      expect([403, 404], `${route.method} ${route.url}`).toContain(response.statusCode);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('lets no staff member review their own application', async () => {
    const own = await submitApplication(ctx, admin, applicationInCounty('Polk', 'Admin Own'));
    expect((await get(admin, `/api/Staff/applications/${own}`)).statusCode).toBe(404);
    expect((await queue(admin)).items.map((item) => item.applicationId)).not.toContain(own);
  });
});

describe('review and decisions', () => {
  it('shows answers, documents, history, version and what can be done next', async () => {
    const application = await review(polkWorker, polkId);
    expect(application).toMatchObject({
      applicationId: polkId,
      status: 'submitted',
      version: 2,
      allowedActions: ['start-review', 'withdraw'],
      statusHistory: [{ status: 'submitted', reason: null }],
    });
    expect(application.application).toMatchObject({ providerType: 'registeredprovider' });
    expect(application.documents.length).toBeGreaterThan(5);
    expect(application.auditTrail.map((entry) => entry.action)).toEqual([
      'application.submitted',
      'application.assigned',
    ]);
  });

  it('lets staff view a document the applicant uploaded', async () => {
    const { documents } = await review(polkWorker, polkId);
    const target = { applicationId: polkId, documentId: documents[0]!.documentId };
    expect((await uploadMultipart(ctx, applicant, target, 'w9.pdf', files.pdf())).statusCode).toBe(200);
    const download = await downloadFile(ctx, polkWorker, target);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(files.pdf())).toBe(true);
  });

  it('refuses a step the status does not allow', async () => {
    const response = await changeStatus(polkWorker, polkId, { action: 'approve', version: 2 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ type: 'urn:ccap:problem:invalid-transition' });
  });

  it('starts the review, then refuses a denial without a reason (400) and a stale version (409)', async () => {
    const started = await changeStatus(polkWorker, polkId, { action: 'start-review', version: 2 });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ status: 'in-review', version: 3 });

    const noReason = await changeStatus(polkWorker, polkId, { action: 'deny', version: 3 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ errors: [{ path: 'reason' }] });
    const blank = await changeStatus(polkWorker, polkId, { action: 'deny', version: 3, reason: '   ' });
    expect(blank.statusCode).toBe(400);

    const stale = await changeStatus(admin, polkId, { action: 'approve', version: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ type: 'urn:ccap:problem:version-conflict' });
    expect((await review(admin, polkId)).status).toBe('in-review');
  });

  it('keeps the checklist: a document request and a waiver with its reason, both audited', async () => {
    const requested = await post(polkWorker, `/api/Staff/applications/${polkId}/documents`, {
      documentName: 'Fire inspection report',
      description: 'The latest report from the fire marshal.',
    });
    expect(requested.statusCode).toBe(201);
    expect(requested.json()).toMatchObject({ isRequired: true, isWaived: false, requestedByStaff: true });

    const { documents } = await review(polkWorker, polkId);
    const last = documents.at(-1)!;
    expect(last.documentName).toBe('Fire inspection report');
    const noReason = await post(polkWorker, `/api/Staff/applications/${polkId}/documents/${last.documentId}/waive`, {});
    expect(noReason.statusCode).toBe(400);
    const waived = await post(polkWorker, `/api/Staff/applications/${polkId}/documents/${last.documentId}/waive`, {
      reason: 'Inspected in person on site.',
    });
    expect(waived.statusCode).toBe(200);
    expect(waived.json()).toMatchObject({ isWaived: true, waiveReason: 'Inspected in person on site.' });
    const foreign = await post(polkWorker, `/api/Staff/applications/${polkId}/documents/999999/waive`, { reason: 'x' });
    expect(foreign.statusCode).toBe(404);

    const trail = (await review(polkWorker, polkId)).auditTrail;
    expect(trail.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['document.uploaded', 'document.requested', 'document.waived']),
    );
    expect(trail.find((entry) => entry.action === 'document.waived')).toMatchObject({
      reason: 'Inspected in person on site.',
      actorLabel: polkWorker.email,
    });
  });

  it('denies with the reason, which the applicant then sees on the dashboard', async () => {
    const denied = await changeStatus(polkWorker, polkId, {
      action: 'deny',
      version: 3,
      reason: 'Capacity over the limit.',
    });
    expect(denied.statusCode).toBe(200);
    expect(denied.json()).toMatchObject({ status: 'denied', version: 4 });
    const application = await review(polkWorker, polkId);
    expect(application).toMatchObject({ allowedActions: [], decidedAt: expect.any(String) });
    expect(application.statusHistory.at(-1)).toMatchObject({
      status: 'denied',
      by: polkWorker.email,
      reason: 'Capacity over the limit.',
    });
    // A decided application's checklist is closed.
    const closed = await post(polkWorker, `/api/Staff/applications/${polkId}/documents`, {
      documentName: 'Late',
      description: 'Too late',
    });
    expect(closed.statusCode).toBe(409);
    // The route checks first; the write checks again under the application's lock, since a
    // decision can land between the two (the route's check alone let one through).
    const actor = { id: polkWorker.id, label: polkWorker.email, requestId: 'test' };
    const documents = (await review(polkWorker, polkId)).documents;
    const document = documents.find((one) => !one.isWaived);
    const { requiredDocuments } = ctx.app.repositories;
    expect(
      await requiredDocuments.request({ applicationId: polkId, documentName: 'Late', description: 'x', actor }),
    ).toBe('closed');
    expect(
      await requiredDocuments.waive({ applicationId: polkId, documentId: document!.documentId, reason: 'x', actor }),
    ).toBe('closed');
    expect((await review(polkWorker, polkId)).documents).toEqual(documents);
  });

  it('approves and publishes the provider into the public search, unless it asked not to be listed', async () => {
    const id = await submitApplication(ctx, applicant, applicationInCounty('Story', 'Approved Care'));
    await changeStatus(storyWorker, id, { action: 'start-review', version: 1 });
    const approved = await changeStatus(storyWorker, id, { action: 'approve', version: 2 });
    expect(approved.statusCode).toBe(200);
    const trail = (await review(storyWorker, id)).auditTrail;
    expect(trail.at(-1)).toMatchObject({
      action: 'application.approve',
      before: { status: 'in-review' },
      after: { status: 'approved', directory: 'published' },
    });
    const dashboard = await get(applicant, '/api/Dashboard/get-dashboard');
    expect(dashboard.json()).toMatchObject({ applicationId: id, providerApplication: { status: 'approved' } });

    // Anyone finds it now, placed at its ZIP code (the fixture's care address is in Ames, 50010).
    const lookups = (await ctx.app.inject({ method: 'GET', url: '/api/Lookup/get-lookups' })).json<{
      data: { lookupType: string; code: string; lookupId: number }[];
    }>().data;
    const registered = lookups.find((item) => item.lookupType === 'ProviderType' && item.code === 'registered-cdh')!;
    const search = await ctx.app.inject({
      method: 'POST',
      url: '/api/Providers',
      payload: { providerBusinessName: 'Approved Care', providerTypeId: registered.lookupId },
    });
    expect(search.statusCode).toBe(200);
    expect(search.json<{ value: { BusinessName: string; Addresses: { Zip: string }[] }[] }>().value).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          BusinessName: 'Approved Care',
          Addresses: [expect.objectContaining({ Zip: '50010' })],
        }),
      ]),
    );

    // An applicant who declined to be listed is not published.
    const unlisted = applicationInCounty('Story', 'Quiet Home Care');
    unlisted.conditions = { ...unlisted.conditions, listInDirectory: false };
    const quietId = await submitApplication(ctx, applicant, unlisted);
    await changeStatus(storyWorker, quietId, { action: 'start-review', version: 1 });
    await changeStatus(storyWorker, quietId, { action: 'approve', version: 2 });
    expect((await review(storyWorker, quietId)).auditTrail.at(-1)).toMatchObject({ after: { directory: 'declined' } });
  });
});

describe('statistics and the audit search', () => {
  it('counts by status, county and type, with the median days to a decision', async () => {
    const response = await get(admin, '/api/Staff/statistics');
    expect(response.statusCode).toBe(200);
    const stats = response.json<StaffStatistics>();
    expect(stats.byStatus).toEqual(
      expect.arrayContaining([
        { key: 'denied', count: 1 },
        { key: 'approved', count: 2 },
      ]),
    );
    expect(stats.byCounty).toEqual(expect.arrayContaining([{ key: 'Story', count: 3 }]));
    expect(stats).toMatchObject({ decided: 3, medianDaysToDecision: 0, overdue: 1 });
    const polk = (await get(polkWorker, '/api/Staff/statistics')).json<StaffStatistics>();
    expect(polk.byCounty.map((entry) => entry.key)).toEqual(['Polk']);
  });

  it('lets administrators search the audit trail, and no one else', async () => {
    const found = await get(admin, `/api/Staff/audit?entityId=${polkId}&action=document&kind=change`);
    expect(found.statusCode).toBe(200);
    expect(found.json<{ items: { action: string }[] }>().items.map((item) => item.action)).toEqual([
      'document.waived',
      'document.requested',
      'document.uploaded',
    ]);
    expect((await get(polkWorker, '/api/Staff/audit')).statusCode).toBe(403);
  });

  it('the database refuses to update or delete audit rows: the portal by its grants, the owner by a trigger', async () => {
    const attempts = [
      sql`update audit_log set reason = 'rewritten'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ];
    for (const attempt of attempts) {
      await expect(attempt.execute(ctx.database.db)).rejects.toThrow(/permission denied/);
    }
    await ctx.asOwner(async ({ db }) => {
      for (const attempt of attempts) await expect(attempt.execute(db)).rejects.toThrow(/append-only/);
    });
    const rows = await sql<{ count: string }>`select count(*) from audit_log where reason = 'rewritten'`.execute(
      ctx.database.db,
    );
    expect(Number(rows.rows[0]!.count)).toBe(0);
  });
});

// After the statistics, which count the applications the tests above decided.
describe('the public directory after an approval', () => {
  it("lists a non-registered child care home that asked to be, under its own type; never care in the child's home", async () => {
    const approve = async (application: DraftApplication) => {
      const id = await submitApplication(ctx, applicant, application);
      await changeStatus(storyWorker, id, { action: 'start-review', version: 1 });
      expect((await changeStatus(storyWorker, id, { action: 'approve', version: 2 })).statusCode).toBe(200);
      return (await review(storyWorker, id)).auditTrail.at(-1);
    };
    const nonRegistered = (businessName: string, providerTypeCode?: string) => {
      const application = completeApplication('unregisteredprovider');
      application.address = { ...application.address, county: 'Story' };
      application.providerInfo = { ...application.providerInfo, businessName };
      application.categoryTypes = providerTypeCode
        ? { ...application.categoryTypes, providerTypeCode }
        : { categoryCode: 'home', agesServed: ['preschool'], capacity: 5 };
      return application;
    };
    const lookups = (await ctx.app.inject({ method: 'GET', url: '/api/Lookup/get-lookups' })).json<{
      data: { lookupType: string; code: string; lookupId: number }[];
    }>().data;
    const typeId = (code: string) =>
      lookups.find((item) => item.lookupType === 'ProviderType' && item.code === code)!.lookupId;
    const found = async (name: string) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/Providers',
          payload: { providerBusinessName: name, providerTypeId: null },
        })
      ).json<{ value: { BusinessName: string; ProviderTypeID: number }[] }>().value;

    expect(await approve(nonRegistered('Maple Home Care', 'non-registered-home'))).toMatchObject({
      after: { directory: 'published' },
    });
    expect((await found('Maple Home Care')).filter((provider) => provider.BusinessName === 'Maple Home Care')).toEqual([
      expect.objectContaining({ BusinessName: 'Maple Home Care', ProviderTypeID: typeId('non-registered-home') }),
    ]);
    // Care in the child's own home, or a kind never said: nothing to list, and the trail says so.
    expect(await approve(nonRegistered('Willow In-Home Care', 'non-registered-in-home'))).toMatchObject({
      after: { directory: 'not-listed' },
    });
    expect(await approve(nonRegistered('Birch Unsaid Care'))).toMatchObject({ after: { directory: 'not-listed' } });
    const listed = async (name: string) => (await found(name)).filter((provider) => provider.BusinessName === name);
    expect(await listed('Willow In-Home Care')).toEqual([]);
    expect(await listed('Birch Unsaid Care')).toEqual([]);
  });
});

// After the statistics: it decides and withdraws applications of its own.
describe('assignment once the application is closed', () => {
  it('refuses to assign or give back a decided or withdrawn application, and changes nothing', async () => {
    const approvedId = await submitApplication(ctx, applicant, applicationInCounty('Story', 'Closed Chestnut'));
    expect(
      (await post(storyWorker, `/api/Staff/applications/${approvedId}/assign`, { assignee: 'me', version: 1 }))
        .statusCode,
    ).toBe(200);
    await changeStatus(storyWorker, approvedId, { action: 'start-review', version: 2 });
    expect((await changeStatus(storyWorker, approvedId, { action: 'approve', version: 3 })).statusCode).toBe(200);
    const withdrawnId = await submitApplication(ctx, applicant, applicationInCounty('Story', 'Withdrawn Walnut'));
    const withdrawn = await changeStatus(storyWorker, withdrawnId, {
      action: 'withdraw',
      version: 1,
      reason: 'The provider asked to withdraw.',
    });
    expect(withdrawn.statusCode).toBe(200);

    const attempts: [TestUser, number, 'me' | null, string][] = [
      [admin, approvedId, 'me', 'approved'],
      [storyWorker, approvedId, null, 'approved'],
      [storyWorker, withdrawnId, 'me', 'withdrawn'],
      // The denied application of the tests above, still assigned to the Polk worker.
      [admin, polkId, 'me', 'denied'],
      [polkWorker, polkId, null, 'denied'],
    ];
    const statusLabel: Record<string, string> = { approved: 'Approved', withdrawn: 'Withdrawn', denied: 'Denied' };
    for (const [user, id, assignee, status] of attempts) {
      const before = await review(admin, id);
      const response = await post(user, `/api/Staff/applications/${id}/assign`, { assignee, version: before.version });
      expect(response.statusCode, `${status} ${assignee}`).toBe(409);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toMatchObject({ type: 'urn:ccap:problem:assignment-closed', status: 409 });
      expect(response.json<{ detail: string }>().detail).toBe(
        `This application's status is ${statusLabel[status]}: it is closed, so it can no longer be assigned or given back.`,
      );
      const after = await review(admin, id);
      expect({ version: after.version, assignee: after.assignee, trail: after.auditTrail.length }).toEqual({
        version: before.version,
        assignee: before.assignee,
        trail: before.auditTrail.length,
      });
    }
    expect((await review(admin, polkId)).assignee).toMatchObject({ id: polkWorker.id });
  });
});

import type { BulkActionResponse, StaffQueueResponse } from '@ccap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../../../test/application-fixture';
import { submitApplication } from '../../../test/documents-fixture';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';

let ctx: TestContext;
let applicant: TestUser;
let polkWorker: TestUser;
let polkColleague: TestUser;
let storyWorker: TestUser;
let admin: TestUser;
const polkIds: number[] = [];
let storyId: number;

const inCounty = (county: string, businessName: string) => {
  const application = completeApplication();
  application.address = { ...application.address, county };
  application.providerInfo = { ...application.providerInfo, businessName };
  return application;
};

beforeAll(async () => {
  ctx = await createTestApp();
  applicant = await createUser(ctx, 'Applicant');
  polkWorker = await createUser(ctx, 'Polk Worker', 'service-worker', ['Polk']);
  polkColleague = await createUser(ctx, 'Polk Colleague', 'service-worker', ['Polk']);
  storyWorker = await createUser(ctx, 'Story Worker', 'service-worker', ['Story']);
  admin = await createUser(ctx, 'Admin', 'administrator');
  for (let index = 0; index < 6; index += 1) {
    polkIds.push(await submitApplication(ctx, applicant, inCounty('Polk', `Bulk Polk ${index}`)));
  }
  storyId = await submitApplication(ctx, applicant, inCounty('Story', 'Bulk Story'));
});
afterAll(async () => {
  await ctx.close();
});

const post = (user: TestUser, url: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers: user.headers, payload: payload as object });
const listed = async (user: TestUser) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/Staff/applications?pageSize=100&sort=applicationId',
    headers: user.headers,
  });
  return response.json<StaffQueueResponse>().items;
};
const versionsOf = async (user: TestUser, ids: number[]) =>
  (await listed(user))
    .filter((item) => ids.includes(item.applicationId))
    .map((item) => ({ applicationId: item.applicationId, version: item.version }));
const bulk = async (user: TestUser, payload: unknown, status = 200) => {
  const response = await post(user, '/api/Staff/bulk-actions', payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json<BulkActionResponse>();
};
const auditCount = async (action: string, ids: number[]) =>
  Number(
    (
      await ctx.database.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('action', '=', action)
        .where('entity_type', '=', 'application')
        .where('entity_id', 'in', ids.map(String))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('bulk actions', () => {
  it('assigns every chosen row to a colleague, each audited, and refuses the rows changed since they were listed', async () => {
    const items = await versionsOf(polkWorker, polkIds.slice(0, 4));
    // Someone else moves one of them after the list was read.
    const changed = items[1]!;
    expect(
      (
        await post(polkColleague, `/api/Staff/applications/${changed.applicationId}/assign`, {
          assignee: 'me',
          version: changed.version,
        })
      ).statusCode,
    ).toBe(200);
    const answer = await bulk(polkWorker, {
      action: { kind: 'assign', assigneeId: polkColleague.id },
      target: { items },
    });
    expect(answer).toMatchObject({ kind: 'assign', done: 3, refused: 1 });
    expect(answer.items.find((item) => item.applicationId === changed.applicationId)).toMatchObject({
      outcome: 'refused',
      reason: 'versionConflict',
      providerName: 'Bulk Polk 1',
    });
    const after = await listed(polkWorker);
    for (const item of items) {
      expect(after.find((row) => row.applicationId === item.applicationId)?.assignee?.id).toBe(polkColleague.id);
    }
    expect(
      await auditCount(
        'application.assigned',
        items.map((item) => item.applicationId),
      ),
    ).toBe(4);
  });

  it('refuses per item what the caller may not review, and a worker who does not work there', async () => {
    const [polk] = await versionsOf(admin, [polkIds[4]!]);
    const [story] = await versionsOf(admin, [storyId]);
    // A Polk worker naming a Story application: it does not exist for them.
    const answer = await bulk(polkWorker, { action: { kind: 'startReview' }, target: { items: [polk, story] } });
    expect(answer.items).toEqual([
      expect.objectContaining({ applicationId: polk!.applicationId, outcome: 'done' }),
      expect.objectContaining({ applicationId: storyId, outcome: 'refused', reason: 'notFound' }),
    ]);
    // An administrator assigning a Story application to a Polk worker.
    const [storyNow] = await versionsOf(admin, [storyId]);
    const assigned = await bulk(admin, {
      action: { kind: 'assign', assigneeId: polkWorker.id },
      target: { items: [storyNow] },
    });
    expect(assigned.items[0]).toMatchObject({ outcome: 'refused', reason: 'workerOutOfCounty' });
  });

  it('starts review on all matching, and says why the decided or already started ones were not', async () => {
    const answer = await bulk(polkWorker, {
      action: { kind: 'startReview' },
      target: { filters: { county: 'Polk' } },
    });
    expect(answer.items.map((item) => item.applicationId).sort()).toEqual([...polkIds].sort());
    // polkIds[4] was started by the previous test: not a transition any more.
    expect(answer.items.find((item) => item.applicationId === polkIds[4])).toMatchObject({
      outcome: 'refused',
      reason: 'invalidTransition',
    });
    expect(answer.done).toBe(5);
  });

  it('requests a document and sends a message on the version listed', async () => {
    const items = await versionsOf(polkWorker, polkIds.slice(0, 2));
    const requested = await bulk(polkWorker, {
      action: { kind: 'requestDocument', documentName: 'Lease', description: 'The signed lease.' },
      target: { items },
    });
    expect(requested.done).toBe(2);
    const documents = await ctx.database.db
      .selectFrom('application_document')
      .select('application_id')
      .where('document_name', '=', 'Lease')
      .execute();
    expect(documents.map((row) => row.application_id).sort()).toEqual(polkIds.slice(0, 2).sort());
    // The same versions again: a document request does not move the version, so both are done once more.
    const messaged = await bulk(polkWorker, {
      action: { kind: 'sendMessage', message: 'Please send your fire inspection.' },
      target: { items },
    });
    expect(messaged.done).toBe(2);
    // The message moved them to information-requested: the old versions are refused now.
    const again = await bulk(polkWorker, {
      action: { kind: 'requestDocument', documentName: 'Lease 2', description: 'Again.' },
      target: { items },
    });
    expect(again.items.map((item) => item.outcome === 'refused' && item.reason)).toEqual([
      'versionConflict',
      'versionConflict',
    ]);
    expect(
      await ctx.database.db.selectFrom('application_document').where('document_name', '=', 'Lease 2').execute(),
    ).toEqual([]);
  });

  it('answers a clear problem for bad input and changes nothing', async () => {
    const items = await versionsOf(polkWorker, [polkIds[5]!]);
    expect(
      (await post(polkWorker, '/api/Staff/bulk-actions', { action: { kind: 'startReview' }, target: { items: [] } }))
        .statusCode,
    ).toBe(400);
    const unknown = await post(polkWorker, '/api/Staff/bulk-actions', {
      action: { kind: 'assign', assigneeId: applicant.id },
      target: { items },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ type: 'urn:ccap:problem:bulk-worker' });
    const outOfCounty = await post(polkWorker, '/api/Staff/bulk-actions', {
      action: { kind: 'assign', assigneeId: storyWorker.id },
      target: { items },
    });
    expect(outOfCounty.statusCode).toBe(422);
    const none = await post(polkWorker, '/api/Staff/bulk-actions', {
      action: { kind: 'startReview' },
      target: { filters: { county: 'Woodbury' } },
    });
    expect(none.statusCode).toBe(422);
    // A provider may not use it at all.
    expect(
      (await post(applicant, '/api/Staff/bulk-actions', { action: { kind: 'startReview' }, target: { items } }))
        .statusCode,
    ).toBe(403);
    expect(await versionsOf(polkWorker, [polkIds[5]!])).toEqual(items);
  });

  it('lists the workers an assignment may name: those sharing a county, and administrators', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/Staff/workers', headers: polkWorker.headers });
    const names = response.json<{ workers: { name: string }[] }>().workers.map((worker) => worker.name);
    expect(names).toEqual(expect.arrayContaining(['Polk Worker', 'Polk Colleague', 'Admin']));
    expect(names).not.toContain('Story Worker');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/Staff/workers', headers: applicant.headers })).statusCode,
    ).toBe(403);
  });
});

import {
  type DraftApplication,
  plusDays,
  type ProviderChange,
  type ProviderRecordView,
  type StaffChangeQueue,
} from '@ccap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationInCounty, completeApplication } from '../../../test/application-fixture';
import { submitApplication } from '../../../test/documents-fixture';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';

let ctx: TestContext;
let provider: TestUser;
let polkProvider: TestUser;
let storyWorker: TestUser;
let polkWorker: TestUser;
let admin: TestUser;
let storyRecord: number;
let polkRecord: number;
/** Story: an address change, sent; an hours change, sent, in conflict once the address applies. Polk: one. */
let address: ProviderChange;
let hours: ProviderChange;
let polkChange: ProviderChange;

const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
const today = () => ctx.app.repositories.providerRecords.today();

/** The rates with a new basic preschool rate. */
const rates = (basic: number) => {
  const base = completeApplication().ratesInfo!;
  return { ratesInfo: { ...base, rates: { ...base.rates, preschool: { basic, specialNeeds: 22.5 } } } };
};

async function approved(owner: TestUser, worker: TestUser, application: DraftApplication) {
  const id = await submitApplication(ctx, owner, application);
  for (const [action, version] of [
    ['start-review', 1],
    ['approve', 2],
  ] as const) {
    const response = await call(worker, 'POST', `/api/Staff/applications/${id}/status`, { action, version });
    expect(response.statusCode, response.body).toBe(200);
  }
  return id;
}

async function sent(owner: TestUser, applicationId: number, payload: object) {
  const created = await call(owner, 'POST', `/api/ProviderRecord/${applicationId}/changes`, payload);
  expect(created.statusCode, created.body).toBe(201);
  const draft = created.json<ProviderChange>();
  const response = await call(owner, 'POST', `/api/ProviderRecord/changes/${draft.changeId}/submit`, {
    version: draft.version,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProviderChange>();
}

const queue = async (user: TestUser, query = '') => {
  const response = await call(user, 'GET', `/api/Staff/changes${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StaffChangeQueue>();
};
const ids = (page: StaffChangeQueue) => page.items.map((item) => item.changeId);

beforeAll(async () => {
  ctx = await createTestApp();
  provider = await createUser(ctx, 'Story Provider');
  polkProvider = await createUser(ctx, 'Polk Provider');
  storyWorker = await createUser(ctx, 'Story Worker', 'service-worker', ['Story']);
  polkWorker = await createUser(ctx, 'Polk Worker', 'service-worker', ['Polk']);
  admin = await createUser(ctx, 'Admin', 'administrator');
  storyRecord = await approved(provider, storyWorker, applicationInCounty('Story', 'Story Time Care'));
  polkRecord = await approved(polkProvider, polkWorker, applicationInCounty('Polk', 'Little Acorns Polk'));
  const base = completeApplication();
  address = await sent(provider, storyRecord, {
    parts: ['address'],
    answers: {
      address: { ...base.address, careLocation: { ...base.address!.careLocation, address1: '9 Elm Street' } },
    },
    effectiveDate: today(),
  });
  hours = await sent(provider, storyRecord, {
    parts: ['operationHoursInfo', 'ratesInfo'],
    answers: { operationHoursInfo: { ...base.operationHoursInfo!, transportation: false }, ...rates(12) },
    effectiveDate: plusDays(today(), 3),
  });
  polkChange = await sent(polkProvider, polkRecord, {
    parts: ['ratesInfo'],
    answers: rates(13),
    effectiveDate: plusDays(today(), 1),
  });
  // The address change is approved and applied: the hours change was written against version 1.
  const decided = await call(storyWorker, 'POST', `/api/Staff/changes/${address.changeId}/decision`, {
    action: 'approve',
    version: address.version,
  });
  expect(decided.json<ProviderChange>().status, decided.body).toBe('applied');
});
afterAll(async () => {
  await ctx.close();
});

describe('the change kind of the staff queue', () => {
  it("answers a county worker their county's sent changes, one page, with the counties to filter by", async () => {
    const page = await queue(storyWorker);
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 25, counties: ['Story'] });
    expect(page.items.find((item) => item.changeId === hours.changeId)).toEqual({
      changeId: hours.changeId,
      applicationId: storyRecord,
      providerName: 'Story Time Care',
      county: 'Story',
      status: 'submitted',
      parts: ['operationHoursInfo', 'ratesInfo'],
      effectiveDate: plusDays(today(), 3),
      submittedAt: expect.any(String),
      decidedAt: null,
      conflict: true,
      appliedWithoutReview: false,
      openRfiCount: 0,
      nextRfiDueAt: null,
      rfiOverdue: false,
    });
    expect(page.items.find((item) => item.changeId === address.changeId)).toMatchObject({
      status: 'applied',
      conflict: false,
      decidedAt: expect.any(String),
    });
  });

  it('counts a change’s pending requests for information, their next due day, and one past it', async () => {
    const asked = await call(storyWorker, 'POST', '/api/rfi/CreateRfi', {
      changeId: hours.changeId,
      serviceWorkerComment: 'Which days does the transport stop?',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const { rfiId } = asked.json<{ rfiId: number }>();
    await ctx.database.db.updateTable('rfi').set({ due_date: '2026-01-05' }).where('id', '=', rfiId).execute();
    const item = (await queue(storyWorker)).items.find((row) => row.changeId === hours.changeId);
    expect(item).toMatchObject({ openRfiCount: 1, nextRfiDueAt: '2026-01-05', rfiOverdue: true });
  });

  it('shows another county nothing, an administrator everything, and a provider 403', async () => {
    expect(ids(await queue(polkWorker))).toEqual([polkChange.changeId]);
    expect(new Set(ids(await queue(admin)))).toEqual(new Set([address.changeId, hours.changeId, polkChange.changeId]));
    expect((await queue(admin)).counties.length).toBeGreaterThan(1);
    // A worker filtering by a county outside their scope still sees only their own.
    expect(ids(await queue(polkWorker, '?county=Story'))).toEqual([]);
    expect((await call(provider, 'GET', '/api/Staff/changes')).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/Staff/changes' })).statusCode).toBe(401);
  });

  it('never lists a draft', async () => {
    const draft = await call(provider, 'POST', `/api/ProviderRecord/${storyRecord}/changes`, {
      parts: ['ratesInfo'],
      answers: rates(14),
      effectiveDate: today(),
    });
    expect(draft.statusCode).toBe(201);
    expect(ids(await queue(admin))).not.toContain(draft.json<ProviderChange>().changeId);
    // Another worker of the county sees the same two.
    const secondWorker = await createUser(ctx, 'Second Story Worker', 'service-worker', ['Story']);
    expect((await queue(secondWorker)).total).toBe(2);
  });

  it('filters by status, county, part, effective days and conflicts', async () => {
    expect(ids(await queue(admin, '?status=submitted&county=story'))).toEqual([hours.changeId]);
    expect(ids(await queue(admin, '?part=address'))).toEqual([address.changeId]);
    expect(new Set(ids(await queue(admin, '?part=ratesInfo')))).toEqual(new Set([hours.changeId, polkChange.changeId]));
    expect(ids(await queue(admin, `?effectiveFrom=${plusDays(today(), 2)}`))).toEqual([hours.changeId]);
    expect(
      ids(await queue(admin, `?effectiveFrom=${today()}&effectiveTo=${plusDays(today(), 1)}&sort=changeId`)),
    ).toEqual([address.changeId, polkChange.changeId]);
    expect(ids(await queue(admin, '?conflicts=true'))).toEqual([hours.changeId]);
    expect((await queue(admin, '?conflicts=false')).total).toBe(3);
  });

  it('sorts either way and pages', async () => {
    expect(ids(await queue(admin, '?sort=effectiveDate&order=desc'))).toEqual([
      hours.changeId,
      polkChange.changeId,
      address.changeId,
    ]);
    expect((await queue(admin, '?sort=providerName')).items.map((item) => item.providerName)).toEqual([
      'Little Acorns Polk',
      'Story Time Care',
      'Story Time Care',
    ]);
    const second = await queue(admin, '?sort=changeId&pageSize=10&page=2');
    expect(second).toMatchObject({ items: [], total: 3, page: 2 });
  });

  it('refuses bad filters with 400', async () => {
    for (const query of [
      '?status=draft',
      '?part=conditions',
      '?effectiveFrom=yesterday',
      '?conflicts=perhaps',
      '?sort=owner',
      '?pageSize=7',
      '?page=0',
    ]) {
      expect((await call(admin, 'GET', `/api/Staff/changes${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('the staff view of a provider record', () => {
  it('shows a worker the version in force on an earlier day, and logs the read for the provider', async () => {
    const yesterday = plusDays(today(), -1);
    const read = await call(storyWorker, 'GET', `/api/ProviderRecord/${storyRecord}?on=${today()}`);
    expect(read.statusCode).toBe(200);
    const record = read.json<ProviderRecordView>();
    expect(record.inForce?.version).toBe(2);
    expect(record.inForce?.answers.address?.careLocation?.address1).toBe('9 Elm Street');
    expect(record.history.map((entry) => [entry.version, entry.changed])).toEqual([
      [1, []],
      [2, ['address']],
    ]);
    // Before the approval day there is no version in force.
    expect(
      (await call(storyWorker, 'GET', `/api/ProviderRecord/${storyRecord}?on=${yesterday}`)).json<ProviderRecordView>()
        .inForce,
    ).toBeNull();
    const reads = await ctx.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action'])
      .where('action', '=', 'application.read')
      .where('actor_id', '=', storyWorker.id)
      .execute();
    expect(reads.length).toBeGreaterThan(0);
  });

  it('is 404 to another county’s worker and another provider; an administrator reads it', async () => {
    expect((await call(polkWorker, 'GET', `/api/ProviderRecord/${storyRecord}`)).statusCode).toBe(404);
    expect((await call(polkProvider, 'GET', `/api/ProviderRecord/${storyRecord}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/api/ProviderRecord/${storyRecord}`)).statusCode).toBe(200);
    expect((await call(storyWorker, 'GET', `/api/ProviderRecord/${storyRecord}/availability`)).statusCode).toBe(200);
    expect((await call(polkWorker, 'GET', `/api/ProviderRecord/${storyRecord}/availability`)).statusCode).toBe(404);
  });
});

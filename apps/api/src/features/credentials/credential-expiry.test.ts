import type { ExpiringQueue, MyRecordCredentials, RecordCredentials, RequiredDocument, Rfi } from '@ccap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../../../test/application-fixture';
import { submitApplication } from '../../../test/documents-fixture';
import { createRuntimeTestDatabase, createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';
import { fixedClock } from '../../lib/clock';
import { startBackgroundJobs } from '../notifications/background-jobs';

// ADR 115 and 116: a record's credentials (trainings, checks) expire by the profile's validity;
// the job opens one request for information per credential and expiry date however many
// instances run it, and staff of the record's county see it in the "expiring soon" list. The
// program's clock is the test's (ADR 106).
const clock = fixedClock('2026-03-10T18:00:00Z', 'America/Chicago');
const setDay = (day: string) => clock.set(`${day}T18:00:00Z`);
let runtime: Awaited<ReturnType<typeof createRuntimeTestDatabase>>;
let ctx: TestContext;
let provider: TestUser;
let otherApplicant: TestUser;
let storyWorker: TestUser;
let polkWorker: TestUser;
let admin: TestUser;

const call = (user: TestUser | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });

/** An approved registered home in Story county with a CPR certificate and a record check. */
async function approved(owner: TestUser, businessName: string, cprOn: string, recordCheckOn: string) {
  const answers = completeApplication('registeredprovider');
  answers.address = { ...answers.address, county: 'Story' };
  answers.providerInfo = {
    ...answers.providerInfo,
    businessName,
    trainings: [
      { code: 'cpr', completedOn: cprOn },
      { code: 'first-aid', completedOn: '2025-12-01' },
      { code: 'medication', completedOn: '2020-01-01' },
    ],
    recordCheckOn,
  };
  const id = await submitApplication(ctx, owner, answers);
  for (const [action, version] of [
    ['start-review', 1],
    ['approve', 2],
  ] as const) {
    const answer = await call(storyWorker, 'POST', `/api/Staff/applications/${id}/status`, { action, version });
    expect(answer.statusCode).toBe(200);
  }
  return id;
}

const rfisOf = async (user: TestUser, id: number) => {
  const answer = await call(user, 'GET', `/api/Rfi/${id}`);
  expect(answer.statusCode).toBe(200);
  return answer.json<Rfi[]>();
};

beforeAll(async () => {
  runtime = await createRuntimeTestDatabase();
  ctx = await createTestApp({}, undefined, { database: runtime.runtime, clock });
  provider = await createUser(ctx, 'Credential Provider');
  await ctx.database.db
    .updateTable('app_user')
    .set({ preferred_language: 'es' })
    .where('id', '=', provider.id)
    .execute();
  otherApplicant = await createUser(ctx, 'Other Applicant');
  storyWorker = await createUser(ctx, 'Story Worker', 'service-worker', ['Story']);
  polkWorker = await createUser(ctx, 'Polk Worker', 'service-worker', ['Polk']);
  admin = await createUser(ctx, 'Admin', 'administrator');
});
afterAll(async () => {
  await ctx?.close();
  await runtime?.close();
});

describe('a record’s credentials', () => {
  let id: number;
  const open = () => ctx.app.repositories.credentialExpiry.openDue();

  beforeAll(async () => {
    setDay('2026-03-10');
    // CPR valid 24 months: expires 2026-04-20; the record check (24 months) on 2026-06-01.
    id = await approved(provider, 'Credential Home', '2024-04-20', '2024-06-01');
  });

  it('gives the provider and the county’s staff each credential’s state', async () => {
    const mine = (await call(provider, 'GET', '/api/ProviderRecord/credentials')).json<MyRecordCredentials>();
    const cpr = mine.record?.credentials.find((entry) => entry.key === 'training:cpr');
    expect(cpr).toMatchObject({
      expiresOn: '2026-04-20',
      daysLeft: 41,
      status: 'valid',
      documentCode: 'cpr-certificate',
    });
    expect(mine.record?.credentials.find((entry) => entry.key === 'training:medication')).toMatchObject({
      status: 'valid',
      required: true,
    });
    const staff = await call(storyWorker, 'GET', `/api/ProviderRecord/${id}/credentials`);
    expect(staff.statusCode).toBe(200);
    expect(staff.json<RecordCredentials>().credentials).toEqual(mine.record?.credentials);
    // The required documents table shows the expiry beside the document that proves it.
    const documents = (await call(provider, 'GET', `/api/Application/${id}/documents`)).json<RequiredDocument[]>();
    expect(documents.find((document) => document.code === 'cpr-certificate')?.credential).toEqual({
      expiresOn: '2026-04-20',
      status: 'valid',
    });
    expect(documents.find((document) => document.code === 'w9')?.credential).toBeUndefined();
    expect((await call(otherApplicant, 'GET', '/api/ProviderRecord/credentials')).json()).toEqual({ record: null });
    expect((await call(otherApplicant, 'GET', `/api/ProviderRecord/${id}/credentials`)).statusCode).toBe(404);
    expect((await call(polkWorker, 'GET', `/api/ProviderRecord/${id}/credentials`)).statusCode).toBe(404);
    expect((await call(undefined, 'GET', `/api/ProviderRecord/${id}/credentials`)).statusCode).toBe(401);
  });

  it('asks for nothing while no credential expires within 30 days', async () => {
    expect(await open()).toBe(0);
    expect(await rfisOf(provider, id)).toEqual([]);
  });

  it('opens one RFI per credential expiring within 30 days, once, due on its expiry, in the provider’s language', async () => {
    setDay('2026-03-21'); // CPR: 30 days left.
    expect(await Promise.all([open(), open(), open()])).toSatisfy(
      (counts: number[]) => counts.reduce((sum, count) => sum + count, 0) === 1,
    );
    expect(await open()).toBe(0);
    const rfis = await rfisOf(provider, id);
    expect(rfis).toHaveLength(1);
    expect(rfis[0]).toMatchObject({ status: 'pending', dueDate: '2026-04-20' });
    expect(rfis[0]!.serviceWorkerComment).toMatch(/^Su RCP para bebés, niños y adultos vence el 20 de abril de 2026/);
    // The approved application stays approved.
    const status = await ctx.database.db
      .selectFrom('application')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(status?.status).toBe('approved');
    // The provider is told, in their language.
    const told = await ctx.database.db
      .selectFrom('message')
      .select('title')
      .where('user_id', '=', provider.id)
      .where('event', '=', 'rfiRequested')
      .execute();
    expect(told).toHaveLength(1);
  });

  it('lists the record in the county staff’s "expiring soon", never in another county’s, and refuses a provider', async () => {
    const story = (await call(storyWorker, 'GET', '/api/Staff/expiring')).json<ExpiringQueue>();
    expect(story.items).toEqual([
      expect.objectContaining({
        applicationId: id,
        providerName: 'Credential Home',
        county: 'Story',
        soonest: '2026-04-20',
        credentials: [expect.objectContaining({ key: 'training:cpr', status: 'expiring', daysLeft: 30 })],
      }),
    ]);
    expect(
      (await call(admin, 'GET', '/api/Staff/expiring')).json<ExpiringQueue>().items.map((item) => item.applicationId),
    ).toContain(id);
    expect((await call(polkWorker, 'GET', '/api/Staff/expiring')).json<ExpiringQueue>()).toEqual({
      items: [],
      total: 0,
    });
    expect((await call(provider, 'GET', '/api/Staff/expiring')).statusCode).toBe(403);
    expect((await call(undefined, 'GET', '/api/Staff/expiring')).statusCode).toBe(401);
  });

  it('tells the county’s workers when the provider answers the RFI the portal opened', async () => {
    const [rfi] = await rfisOf(provider, id);
    const answer = await call(provider, 'POST', '/api/rfi/RespondRfi', {
      rfiId: rfi!.rfiId,
      applicantComment: 'Renewed my CPR on 2026-03-20.',
    });
    expect(answer.statusCode).toBe(200);
    const told = await ctx.database.db
      .selectFrom('message')
      .select('user_id')
      .where('event', '=', 'rfiAnswered')
      .where('application_id', '=', id)
      .execute();
    expect(told.map((row) => row.user_id)).toEqual([storyWorker.id]);
  });

  it('asks for the next credential when its turn comes, and never twice for one expiry', async () => {
    setDay('2026-05-05'); // CPR expired on 2026-04-20; the record check has 27 days left.
    expect(await open()).toBe(1);
    expect(await open()).toBe(0);
    const rfis = await rfisOf(provider, id);
    expect(rfis.map((rfi) => rfi.dueDate)).toEqual(['2026-06-01', '2026-04-20']);
    const mine = (await call(provider, 'GET', '/api/ProviderRecord/credentials')).json<MyRecordCredentials>();
    expect(mine.record?.credentials.find((entry) => entry.key === 'training:cpr')?.status).toBe('expired');
    expect(mine.record?.credentials.find((entry) => entry.key === 'recordCheck:provider')).toMatchObject({
      status: 'expiring',
      expiresOn: '2026-06-01',
    });
  });
});

describe('the job on the queue', () => {
  it('opens each RFI once whatever the number of instances', async () => {
    setDay('2026-03-10');
    const owner = await createUser(ctx, 'Queued Credential Provider');
    // CPR expires 2026-03-25 and the record check 2026-03-30: both within 30 days.
    const id = await approved(owner, 'Credential Queued Home', '2024-03-25', '2024-03-30');
    const instances = await Promise.all(
      [0, 1, 2].map(() =>
        startBackgroundJobs({
          repositories: ctx.app.repositories,
          mail: { ...ctx.config.mail, smtpUrl: undefined },
          log: ctx.app.log,
          jobQueue: { pool: runtime.runtime.pool, schema: runtime.jobSchema, migrate: false },
        }),
      ),
    );
    try {
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline && (await rfisOf(owner, id)).length < 2) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await new Promise((resolve) => setTimeout(resolve, 3_000));
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
    }
    expect((await rfisOf(owner, id)).map((rfi) => rfi.dueDate).sort()).toEqual(['2026-03-25', '2026-03-30']);
    const rows = await ctx.database.db
      .selectFrom('credential_notice as n')
      .innerJoin('provider_record as r', 'r.id', 'n.record_id')
      .select(['n.credential_key', 'n.rfi_id'])
      .where('r.application_id', '=', id)
      .orderBy('n.credential_key')
      .execute();
    expect(rows.map((row) => row.credential_key)).toEqual(['recordCheck:provider', 'training:cpr']);
    expect(rows.every((row) => row.rfi_id !== null)).toBe(true);
  }, 30_000);
});

import {
  type MyApprovalTerm,
  type MyProviderRecord,
  plusDays,
  type ProviderRecordView,
  type ProviderType,
  type ProviderSearchResponse,
} from '@ccap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../../../test/application-fixture';
import { submitApplication } from '../../../test/documents-fixture';
import { createRuntimeTestDatabase, createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';
import { fixedClock } from '../../lib/clock';
import { startBackgroundJobs } from '../notifications/background-jobs';
import { approvalEndsOn, approvalTermOn, isLapsed, plusMonths } from './approval-term';

// ADR 107: every approval ends (the profile's period per provider type); the provider is reminded
// 90, 30 and 7 days before and on the day, once each; past the day the record has lapsed, leaves
// the search at once, and the provider and the county's workers are told once. ADR 106: the
// program's clock is the test's.
const START = '2026-03-10T15:00:00Z';
const clock = fixedClock(START, 'America/Chicago');
let runtime: Awaited<ReturnType<typeof createRuntimeTestDatabase>>;
let ctx: TestContext;
let provider: TestUser;
let otherApplicant: TestUser;
let storyWorker: TestUser;
let polkWorker: TestUser;

const call = (user: TestUser | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });

async function approved(owner: TestUser, businessName: string, providerType: ProviderType = 'registeredprovider') {
  const answers = completeApplication(providerType);
  answers.address = { ...answers.address, county: 'Story' };
  answers.providerInfo = { ...answers.providerInfo, businessName };
  const id = await submitApplication(ctx, owner, answers);
  for (const [action, version] of [
    ['start-review', 1],
    ['approve', 2],
  ] as const) {
    const answer = await call(storyWorker, 'POST', `/api/Staff/applications/${id}/status`, { action, version });
    expect(answer.statusCode).toBe(200);
  }
  since.set(id, await latestIds());
  return id;
}

const recordOf = async (user: TestUser, id: number) => {
  const response = await call(user, 'GET', `/api/ProviderRecord/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json<ProviderRecordView>();
};

const found = async (businessName: string) => {
  const response = await call(undefined, 'POST', '/api/Providers', {
    providerBusinessName: businessName,
    providerTypeId: null,
  });
  expect(response.statusCode).toBe(200);
  return response.json<ProviderSearchResponse>().value.some((listing) => listing.BusinessName === businessName);
};

/** The last Inbox message and mail written so far: what the approval itself sent is not counted. */
const latestIds = async () => ({
  message: (
    await ctx.database.db
      .selectFrom('message')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst()
  )?.id,
  mail: (
    await ctx.database.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst()
  )?.id,
});
const since = new Map<number, Awaited<ReturnType<typeof latestIds>>>();

/** The Inbox titles a user got about an application since it was approved, oldest first. */
const titlesOf = async (user: TestUser, applicationId: number) =>
  (
    await ctx.database.db
      .selectFrom('message')
      .select('title')
      .where('user_id', '=', user.id)
      .where('application_id', '=', applicationId)
      .where('id', '>', since.get(applicationId)?.message ?? 0)
      .orderBy('id')
      .execute()
  ).map((row) => row.title);

/** The program's day is `day`, at noon where the program is. */
const setDay = (day: string) => clock.set(`${day}T18:00:00Z`);

beforeAll(async () => {
  runtime = await createRuntimeTestDatabase();
  ctx = await createTestApp({}, undefined, { database: runtime.runtime, clock });
  provider = await createUser(ctx, 'Lapse Provider');
  otherApplicant = await createUser(ctx, 'Other Applicant');
  storyWorker = await createUser(ctx, 'Story Worker', 'service-worker', ['Story']);
  polkWorker = await createUser(ctx, 'Polk Worker', 'service-worker', ['Polk']);
});
afterAll(async () => {
  await ctx?.close();
  await runtime?.close();
});

describe('the approval term rule', () => {
  it('counts months as PostgreSQL does, and lapses the day after the last day', () => {
    expect(plusMonths('2026-03-10', 24)).toBe('2028-03-10');
    expect(plusMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(plusMonths('2027-12-31', 2)).toBe('2028-02-29');
    const periods = { registeredprovider: 24, unregisteredprovider: 12 };
    expect(approvalEndsOn('2026-03-10', 'registeredprovider', periods)).toBe('2028-03-10');
    expect(approvalEndsOn('2026-03-10', 'unregisteredprovider', periods)).toBe('2027-03-10');
    expect(isLapsed('2028-03-10', '2028-03-10')).toBe(false);
    expect(isLapsed('2028-03-10', '2028-03-11')).toBe(true);
    expect(approvalTermOn('2028-03-10', '2028-03-03')).toEqual({
      endsOn: '2028-03-10',
      daysLeft: 7,
      lapsed: false,
      renewalSentOn: null,
    });
    expect(approvalTermOn('2028-03-10', '2028-03-12')).toEqual({
      endsOn: '2028-03-10',
      daysLeft: -2,
      lapsed: true,
      renewalSentOn: null,
    });
  });
});

describe('an approval’s end date', () => {
  it('is 24 months after the approval for a registered home, the profile’s 12 for a non-registered one', async () => {
    setDay('2026-03-10');
    const registered = await approved(provider, 'Term Registered Home');
    const other = await createUser(ctx, 'Unregistered Provider');
    const unregistered = await approved(other, 'Term Unregistered Home', 'unregisteredprovider');
    expect((await recordOf(provider, registered)).approval).toEqual({
      endsOn: '2028-03-10',
      daysLeft: 731,
      lapsed: false,
      renewalSentOn: null,
    });
    expect((await recordOf(other, unregistered)).approval).toMatchObject({ endsOn: '2027-03-10', lapsed: false });
    // The caller's own term, for the dashboard.
    const mine = await call(other, 'GET', '/api/ProviderRecord/approval');
    expect(mine.json<MyApprovalTerm>()).toEqual({
      approval: { endsOn: '2027-03-10', daysLeft: 365, lapsed: false, renewalSentOn: null },
    });
    expect((await call(otherApplicant, 'GET', '/api/ProviderRecord/approval')).json<MyApprovalTerm>()).toEqual({
      approval: null,
    });
    expect((await call(undefined, 'GET', '/api/ProviderRecord/approval')).statusCode).toBe(401);
  });

  it('follows the program profile’s periods', async () => {
    const other = await createTestApp({}, undefined, {
      profile: (shipped) => ({ ...shipped, approvalMonths: { registeredprovider: 24, unregisteredprovider: 6 } }),
      clock: fixedClock('2026-05-01T18:00:00Z', 'America/Chicago'),
    });
    try {
      const owner = await createUser(other, 'Six Months');
      const worker = await createUser(other, 'Story Worker', 'service-worker', ['Story']);
      const answers = completeApplication('unregisteredprovider');
      answers.address = { ...answers.address, county: 'Story' };
      const id = await submitApplication(other, owner, answers);
      for (const [action, version] of [
        ['start-review', 1],
        ['approve', 2],
      ] as const) {
        await other.app.inject({
          method: 'POST',
          url: `/api/Staff/applications/${id}/status`,
          headers: worker.headers,
          payload: { action, version },
        });
      }
      const mine = await other.app.inject({ method: 'GET', url: '/api/ProviderRecord', headers: owner.headers });
      expect(mine.json<MyProviderRecord>().record?.approval.endsOn).toBe('2026-11-01');
    } finally {
      await other.close();
    }
  });
});

describe('reminders and the lapse', () => {
  const NAME = 'Term Lapsing Home';
  let id: number;
  let endsOn: string;
  const send = () => ctx.app.repositories.approvalNotices.sendDue();

  beforeAll(async () => {
    setDay('2026-03-10');
    const owner = await createUser(ctx, 'Spanish Provider');
    await ctx.database.db
      .updateTable('app_user')
      .set({ preferred_language: 'es' })
      .where('id', '=', owner.id)
      .execute();
    provider = owner;
    id = await approved(owner, NAME);
    endsOn = (await recordOf(owner, id)).approval.endsOn;
  });

  it('sends nothing before 90 days are left', async () => {
    setDay(plusDays(endsOn, -91));
    await send();
    expect(await titlesOf(provider, id)).toEqual([]);
  });

  it('reminds at 90, 30 and 7 days before and on the day, once each, in the provider’s language', async () => {
    for (const [before, count] of [
      [90, 1],
      [89, 1],
      [30, 2],
      [30, 2],
      [7, 3],
      [1, 3],
    ] as const) {
      setDay(plusDays(endsOn, -before));
      await send();
      expect(await titlesOf(provider, id)).toHaveLength(count);
    }
    expect((await titlesOf(provider, id))[0]).toMatch(/^Su aprobación termina el /);
    expect(await titlesOf(storyWorker, id)).toEqual([]);

    setDay(endsOn);
    await Promise.all([send(), send(), send()]);
    expect((await titlesOf(provider, id)).at(-1)).toMatch(/^Su aprobación termina hoy/);
    expect(await titlesOf(provider, id)).toHaveLength(4);
    // The county's workers are told on the day; another county's are not.
    expect(await titlesOf(storyWorker, id)).toEqual([`The approval of ${NAME} ends today`]);
    expect(await titlesOf(polkWorker, id)).toEqual([]);
    // Still in force, and found, on its last day.
    expect((await recordOf(provider, id)).approval).toMatchObject({ daysLeft: 0, lapsed: false });
    expect(await found(NAME)).toBe(true);
    // Mails go with the Inbox messages.
    const mails = await ctx.database.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', provider.email)
      .where('id', '>', since.get(id)?.mail ?? 0)
      .execute();
    expect(mails).toHaveLength(4);
  });

  it('lapses the day after: out of the search at once, the provider and the county told once', async () => {
    setDay(plusDays(endsOn, 1));
    // Before any job has run: the record and the search read the rule themselves.
    expect(await found(NAME)).toBe(false);
    const record = await recordOf(provider, id);
    expect(record.approval).toEqual({ endsOn, daysLeft: -1, lapsed: true, renewalSentOn: null });
    await send();
    setDay(plusDays(endsOn, 5));
    await send();
    expect((await titlesOf(provider, id)).at(-1)).toMatch(/^Su aprobación venció/);
    expect(await titlesOf(provider, id)).toHaveLength(5);
    expect(await titlesOf(storyWorker, id)).toEqual([
      `The approval of ${NAME} ends today`,
      `The approval of ${NAME} has lapsed`,
    ]);
    expect(await found(NAME)).toBe(false);
  });

  it('leaves who may read the record as it was', async () => {
    expect((await call(otherApplicant, 'GET', `/api/ProviderRecord/${id}`)).statusCode).toBe(404);
    expect((await call(polkWorker, 'GET', `/api/ProviderRecord/${id}`)).statusCode).toBe(404);
    // The term alone, for the staff pages: the same people may read it.
    expect((await call(otherApplicant, 'GET', `/api/ProviderRecord/${id}/approval`)).statusCode).toBe(404);
    expect((await call(polkWorker, 'GET', `/api/ProviderRecord/${id}/approval`)).statusCode).toBe(404);
    expect((await call(undefined, 'GET', `/api/ProviderRecord/${id}/approval`)).statusCode).toBe(401);
    const term = await call(storyWorker, 'GET', `/api/ProviderRecord/${id}/approval`);
    expect(term.json()).toEqual({ endsOn, daysLeft: -5, lapsed: true, renewalSentOn: null });
    expect((await call(storyWorker, 'GET', '/api/ProviderRecord/999999/approval')).statusCode).toBe(404);
    expect((await recordOf(storyWorker, id)).approval.lapsed).toBe(true);
    const mine = await call(provider, 'GET', '/api/ProviderRecord/approval');
    expect(mine.json<MyApprovalTerm>().approval).toMatchObject({ endsOn, lapsed: true });
  });
});

describe('the job on the queue', () => {
  it('sends a reminder once whatever the number of instances', async () => {
    setDay('2026-03-10');
    const owner = await createUser(ctx, 'Queued Provider');
    const id = await approved(owner, 'Term Queued Home');
    setDay(plusDays((await recordOf(owner, id)).approval.endsOn, -7));
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
      while (Date.now() < deadline && (await titlesOf(owner, id)).length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      // All three keep asking for the hour's job a while longer.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
    }
    expect(await titlesOf(owner, id)).toHaveLength(1);
    expect(
      await ctx.database.db
        .selectFrom('provider_record_notice as n')
        .innerJoin('provider_record as r', 'r.id', 'n.record_id')
        .select('n.kind')
        .where('r.application_id', '=', id)
        .execute(),
    ).toEqual([{ kind: 'days-7' }]);
  }, 30_000);
});

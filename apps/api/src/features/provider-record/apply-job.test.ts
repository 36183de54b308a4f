import { type ProviderChange, type ProviderSearchResponse, plusDays } from '@ccap/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../../../test/application-fixture';
import { submitApplication } from '../../../test/documents-fixture';
import { createRuntimeTestDatabase, createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';
import { APPLY_CHANGES_EVERY_SECONDS, startBackgroundJobs } from '../notifications/background-jobs';

// The job that applies due changes, as the server runs it: on the job queue, as the runtime role.
let runtime: Awaited<ReturnType<typeof createRuntimeTestDatabase>>;
let ctx: TestContext;
let provider: TestUser;
let worker: TestUser;
let applicationId: number;

const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
const today = () => ctx.app.repositories.providerRecords.today();

beforeAll(async () => {
  runtime = await createRuntimeTestDatabase();
  ctx = await createTestApp({}, undefined, { database: runtime.runtime });
  provider = await createUser(ctx, 'Future Provider');
  worker = await createUser(ctx, 'Story Worker', 'service-worker', ['Story']);
  applicationId = await submitApplication(ctx, provider, completeApplication());
  for (const [action, version] of [
    ['start-review', 1],
    ['approve', 2],
  ] as const) {
    const response = await call(worker, 'POST', `/api/Staff/applications/${applicationId}/status`, { action, version });
    expect(response.statusCode, response.body).toBe(200);
  }
});
afterAll(async () => {
  await ctx?.close();
  await runtime?.close();
});

describe('the job applying due changes', () => {
  it('is asked for each minute, with a query the due index serves', async () => {
    expect(APPLY_CHANGES_EVERY_SECONDS).toBeLessThanOrEqual(60);
    // With sequential scans priced out, the planner reads the index if it can serve the query.
    const plan = await runtime.asOwner(async (owner) =>
      owner.db.connection().execute(async (connection) => {
        await sql`set enable_seqscan = off`.execute(connection);
        try {
          const compiled = connection
            .selectFrom('provider_change')
            .select('id')
            .where('status', '=', 'approved')
            .where('effective_date', '<=', sql<Date>`${today()}::date`)
            .orderBy('effective_date')
            .orderBy('id')
            .compile();
          const explained = await connection.executeQuery<{ 'QUERY PLAN': string }>({
            ...compiled,
            sql: `explain ${compiled.sql}`,
          });
          return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
        } finally {
          await sql`reset enable_seqscan`.execute(connection);
        }
      }),
    );
    expect(plan).toContain('provider_change_due_idx');
  });

  it('puts an approved change in the public search within a minute of its day starting', async () => {
    const address = { careLocation: { address1: '77 Minute Street', city: 'Ames', state: 'IA', zipCode: '50014' } };
    const drafted = await call(provider, 'POST', `/api/ProviderRecord/${applicationId}/changes`, {
      parts: ['address'],
      answers: { address: { ...address, mailingSameAsCare: true, county: 'Story' } },
      effectiveDate: plusDays(today(), 1),
    });
    expect(drafted.statusCode, drafted.body).toBe(201);
    const change = drafted.json<ProviderChange>();
    const sent = await call(provider, 'POST', `/api/ProviderRecord/changes/${change.changeId}/submit`, {
      version: change.version,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const approved = await call(worker, 'POST', `/api/Staff/changes/${change.changeId}/decision`, {
      version: sent.json<ProviderChange>().version,
      action: 'approve',
    });
    expect(approved.json<ProviderChange>().status).toBe('approved');

    const listedAddress = async () => {
      const search = await ctx.app.inject({
        method: 'POST',
        url: '/api/Providers',
        payload: { providerBusinessName: 'Little Oaks Home Care', providerTypeId: null },
      });
      const hit = search.json<ProviderSearchResponse>().value.find((item) => item.Addresses.length > 0);
      return hit?.Addresses[0]?.Address1;
    };
    expect(await listedAddress()).toBe('120 Oak Street');

    // Its day starts: the effective date becomes today, as midnight in the program's zone makes it.
    await runtime.asOwner((owner) =>
      owner.db
        .updateTable('provider_change')
        .set({ effective_date: today() })
        .where('id', '=', change.changeId)
        .execute(),
    );
    const background = await startBackgroundJobs({
      repositories: ctx.app.repositories,
      mail: { ...ctx.config.mail, smtpUrl: undefined },
      log: ctx.app.log,
      jobQueue: { pool: runtime.runtime.pool, schema: runtime.jobSchema, migrate: false },
    });
    const started = Date.now();
    try {
      await expect.poll(listedAddress, { timeout: 60_000, interval: 500 }).toBe('77 Minute Street');
    } finally {
      await background.stop();
    }
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 90_000);
});

import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteFromTemplate } from '../../test/helpers';
import type { Database } from '../db/database';
import { loadConfig } from '../env';
import { type JobQueue, type JobQueueOptions, startJobQueue } from './job-queue';

/**
 * The pg-boss queue the instances share (ADR 040), on the PostgreSQL server of the api-postgres
 * project, in a schema of its own: several workers, one job per period; a job whose worker was
 * killed is retried by another. On PGlite (api-pglite) the same queue runs through the embedded
 * database's pool: two workers in the one process, one job per period.
 */
const config = loadConfig();
const connectionString = config.database.kind === 'postgres' ? config.database.url : undefined;
const CHILD = path.resolve(import.meta.dirname, '../../test/job-queue-child.ts');
const log = { info: () => undefined, warn: () => undefined, error: (...args: unknown[]) => console.error(...args) };

/** Three workers (three instances) asking every 200 ms for a job of 2-second periods, for 7 s. */
async function oncePerPeriod(target: Pick<JobQueueOptions, 'connectionString' | 'pool'>, query: pg.Pool['query']) {
  const schema = `pgboss_test_${randomBytes(4).toString('hex')}`;
  const runs: { worker: number; at: number }[] = [];
  // The workers start together on an empty schema (pg-boss installs it once, under a lock).
  const started = await Promise.all(
    [0, 1, 2].map((worker) =>
      startJobQueue({
        ...target,
        schema,
        log,
        tickMs: 200,
        pollingIntervalSeconds: 0.5,
        jobs: [
          {
            name: 'tick',
            everySeconds: 2,
            expireInSeconds: 60,
            run: async () => {
              runs.push({ worker, at: Date.now() });
              await new Promise((resolve) => setTimeout(resolve, 100));
            },
          },
        ],
      }),
    ),
  );
  const from = Date.now();
  try {
    await new Promise((resolve) => setTimeout(resolve, 7_000));
  } finally {
    await Promise.all(started.map((queue) => queue.stop()));
  }
  const until = Date.now();

  const jobs = await query<{ slot: Date; n: number; state: string }>(
    `select singleton_on as slot, count(*)::int as n, min(state::text) as state
       from ${schema}.job where name = 'tick' group by singleton_on order by singleton_on`,
  );
  await query(`drop schema ${schema} cascade`);
  // One job per two-second period, each asked for by all three and run once.
  expect(jobs.rows.every((row) => row.n === 1)).toBe(true);
  const periods = Math.floor((until - from) / 2_000);
  expect(jobs.rows.length).toBeGreaterThanOrEqual(periods - 1);
  expect(jobs.rows.length).toBeLessThanOrEqual(periods + 2);
  expect(runs.length).toBe(jobs.rows.filter((row) => row.state === 'completed').length);
  expect(runs.length).toBeGreaterThanOrEqual(3);
  return `${runs.length} runs in ${jobs.rows.length} periods, by workers ${[...new Set(runs.map((r) => r.worker))].sort().join(', ')}`;
}

describe.skipIf(!!connectionString)('the job queue on the embedded PGlite', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPgliteFromTemplate('empty');
  });
  afterAll(async () => {
    await database.close();
  });

  it("runs a periodic job once per period through the portal's pool", async () => {
    console.info(
      `job queue on PGlite: ${await oncePerPeriod({ pool: database.pool }, database.pool.query.bind(database.pool))}`,
    );
  }, 20_000);

  it('runs a keyed job again within its period when the key changes, once per key', async () => {
    const schema = `pgboss_test_${randomBytes(4).toString('hex')}`;
    let day = '2027-01-01';
    const runs: string[] = [];
    const queues = await Promise.all(
      [0, 1].map(() =>
        startJobQueue({
          pool: database.pool,
          schema,
          log,
          tickMs: 100,
          pollingIntervalSeconds: 0.5,
          jobs: [
            {
              name: 'daily',
              everySeconds: 3600,
              expireInSeconds: 60,
              key: () => day,
              run: async () => void runs.push(day),
            },
          ],
        }),
      ),
    );
    try {
      await expect.poll(() => runs, { timeout: 5_000, interval: 100 }).toEqual(['2027-01-01']);
      // The next day starts within the same hour: its work is asked for at once, and once.
      day = '2027-01-02';
      await expect.poll(() => runs, { timeout: 5_000, interval: 100 }).toEqual(['2027-01-01', '2027-01-02']);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(runs).toEqual(['2027-01-01', '2027-01-02']);
    } finally {
      await Promise.all(queues.map((queue) => queue.stop()));
      await database.pool.query(`drop schema ${schema} cascade`);
    }
  }, 20_000);
});

describe.skipIf(!connectionString)('the job queue on one PostgreSQL', () => {
  const schema = `pgboss_test_${randomBytes(4).toString('hex')}`;
  let admin: pg.Pool;
  const queues: JobQueue[] = [];

  beforeAll(() => {
    admin = new pg.Pool({ connectionString, max: 1 });
  });

  it('runs a periodic job once per period, whichever of three workers asks for it', async () => {
    console.info(
      `job queue on PostgreSQL: ${await oncePerPeriod({ connectionString: connectionString! }, admin.query.bind(admin))}`,
    );
  }, 20_000);
  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.stop()));
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  it('retries a job whose worker was killed while it was in hand', async () => {
    const child: ChildProcess = fork(CHILD, [JSON.stringify({ connectionString, schema })], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`the worker exited with ${code}`)));
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    // Another worker of the same job: its own request for this hour's slot is the same job, so
    // it runs only when maintenance finds the dead worker's job expired (2 s) and retries it.
    let ran = 0;
    const queue = await startJobQueue({
      connectionString: connectionString!,
      schema,
      log,
      tickMs: 200,
      pollingIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: 1,
      jobs: [{ name: 'crashy', everySeconds: 3600, expireInSeconds: 2, run: async () => void ran++ }],
    });
    queues.push(queue);
    await expect.poll(() => ran, { timeout: 12_000, interval: 200 }).toBe(1);
    // The queue marks the job completed after its run returns, in a round trip of its own: under
    // load the state read right after the run could still be `active` (failed once in a full run).
    const jobs = async () =>
      (
        await admin.query<{ state: string; retry_count: number }>(
          `select state::text as state, retry_count from ${schema}.job where name = 'crashy'`,
        )
      ).rows;
    await expect.poll(jobs, { timeout: 5_000, interval: 200 }).toEqual([{ state: 'completed', retry_count: 1 }]);
  }, 25_000);

  it('a stop waits for the completion of a job that finished just before it', async () => {
    const jobSchema = `pgboss_test_${randomBytes(4).toString('hex')}`;
    // A pool whose connections come a second late once `slow` is set: the completion pg-boss
    // sends (without waiting for it) is still under way when its own stop returns.
    let slow = false;
    const pool = new pg.Pool({ connectionString, max: 2 });
    const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
    pool.connect = (async () => {
      if (slow) await new Promise((resolve) => setTimeout(resolve, 1_000));
      return connect();
    }) as typeof pool.connect;
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    let finish = () => {};
    const queue = await startJobQueue({
      pool,
      schema: jobSchema,
      log,
      tickMs: 200,
      pollingIntervalSeconds: 0.5,
      jobs: [
        {
          name: 'late',
          everySeconds: 3600,
          expireInSeconds: 60,
          run: () =>
            new Promise<void>((done) => {
              finish = done;
              started();
            }),
        },
      ],
    });
    queues.push(queue);
    await running;
    const stopped = queue.stop();
    slow = true;
    finish();
    await stopped;
    // Read through the other pool: `pool.query` asks `connect` for a callback the stand-in does not take.
    const { rows } = await admin.query<{ state: string }>(`select state::text as state from ${jobSchema}.job`);
    await pool.end();
    await admin.query(`drop schema ${jobSchema} cascade`);
    expect(rows).toEqual([{ state: 'completed' }]);
  }, 20_000);

  it('a stop waits for a job that a fetch sent just before it brings', async () => {
    const jobSchema = `pgboss_test_${randomBytes(4).toString('hex')}`;
    // Fetches (pg-boss's `FOR UPDATE SKIP LOCKED`) answer a second late: a stop comes while one
    // is under way, with no job in hand yet.
    const pool = new pg.Pool({ connectionString, max: 2 });
    const fetchesStarted: number[] = [];
    const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
    pool.connect = (async () => {
      const client = await connect();
      const query = client.query.bind(client) as (text: string, values?: unknown[]) => Promise<unknown>;
      client.query = (async (text: string, values?: unknown[]) => {
        if (typeof text === 'string' && text.includes('SKIP LOCKED')) {
          fetchesStarted.push(Date.now());
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
        return query(text, values);
      }) as typeof client.query;
      return client;
    }) as typeof pool.connect;
    let ran = 0;
    const queue = await startJobQueue({
      pool,
      schema: jobSchema,
      log,
      tickMs: 60_000,
      pollingIntervalSeconds: 0.5,
      jobs: [{ name: 'brought', everySeconds: 3600, expireInSeconds: 60, run: async () => void ran++ }],
    });
    queues.push(queue);
    const created = async () =>
      (await admin.query(`select 1 from ${jobSchema}.job where name = 'brought'`)).rowCount ?? 0;
    await expect.poll(created, { timeout: 5_000, interval: 50 }).toBe(1);
    const asked = Date.now();
    await expect.poll(() => fetchesStarted.some((at) => at > asked), { timeout: 5_000, interval: 20 }).toBe(true);
    await queue.stop();
    const stoppedRan = ran;
    const { rows } = await admin.query<{ state: string }>(`select state::text as state from ${jobSchema}.job`);
    await pool.end();
    await admin.query(`drop schema ${jobSchema} cascade`);
    expect(stoppedRan).toBe(1);
    expect(rows).toEqual([{ state: 'completed' }]);
  }, 20_000);
});

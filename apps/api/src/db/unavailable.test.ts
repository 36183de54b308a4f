import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { submitApplication } from '../../test/documents-fixture';
import { createTestApp, type TestContext } from '../../test/helpers';
import { createUser, type TestUser } from '../../test/identity';
import { loadConfig } from '../env';
import { isDatabaseBusy, isDatabaseUnavailable } from './unavailable';

const withCode = (code: string, message = 'aborted') => Object.assign(new Error(message), { code });

describe('which database errors are transient', () => {
  it('counts deadlocks, serialization failures and lock or statement timeouts as busy', () => {
    for (const code of ['40P01', '40001', '55P03', '57014']) {
      expect(isDatabaseBusy(withCode(code)), code).toBe(true);
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(false);
    }
  });

  it('leaves every other error alone: constraint violations, lost connections, non-errors', () => {
    for (const code of ['23505', '23503', '42P01', '08006', '57P01', 'ECONNREFUSED', '40002']) {
      expect(isDatabaseBusy(withCode(code)), code).toBe(false);
    }
    expect(isDatabaseUnavailable(withCode('08006'))).toBe(true);
    for (const value of [undefined, null, '40P01', 40001, new Error('deadlock detected')]) {
      expect(isDatabaseBusy(value)).toBe(false);
    }
  });

  it('looks into an AggregateError (every address of a host name tried): one transient error is enough', () => {
    const refused = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect ECONNREFUSED');
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseBusy(refused)).toBe(false);
    const deadlock = new AggregateError([withCode('23505'), withCode('40P01')]);
    expect(isDatabaseBusy(deadlock)).toBe(true);
    expect(isDatabaseUnavailable(deadlock)).toBe(false);
    const lost = new AggregateError([new Error('Connection terminated unexpectedly')]);
    expect(isDatabaseUnavailable(lost)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('23505')]))).toBe(false);
  });
});

let ctx: TestContext;
let admin: TestUser;
let applicant: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, 'Busy Admin', 'administrator');
  applicant = await createUser(ctx, 'Busy Applicant');
});
afterAll(async () => {
  await ctx.close();
});

const assign = (id: number, version: number) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/Staff/applications/${id}/assign`,
    headers: admin.headers,
    payload: { assignee: 'me', version },
  });

async function expectBusyAnswer(response: Awaited<ReturnType<typeof assign>>) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.headers['retry-after']).toBe('2');
  expect(response.json()).toMatchObject({
    type: 'urn:ccap:problem:database-busy',
    status: 503,
    detail: 'The service is busy; try again in a moment.',
    retryAfterSeconds: 2,
  });
}

/** The application's version and assignee, and how many times it was assigned, as stored. */
async function stored(id: number) {
  const row = await ctx.database.db
    .selectFrom('application')
    .select(['version', 'assignee_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const { rows } = await sql<{ count: string }>`select count(*) from audit_log
    where action = 'application.assigned' and entity_id = ${String(id)}`.execute(ctx.database.db);
  return { version: row.version, assignee: row.assignee_id, assigned: Number(rows[0]!.count) };
}

describe('a transient database error answers 503 with Retry-After, not 500', () => {
  it('maps a serialization failure thrown under a route', async () => {
    const id = await submitApplication(ctx, applicant);
    const failing = vi
      .spyOn(ctx.app.repositories.review, 'assign')
      .mockRejectedValueOnce(withCode('40001', 'could not serialize access due to concurrent update'));
    try {
      await expectBusyAnswer(await assign(id, 1));
      expect(failing).toHaveBeenCalledOnce();
    } finally {
      failing.mockRestore();
    }
    // Nothing to undo: the same call succeeds when tried again.
    expect((await assign(id, 1)).statusCode).toBe(200);
  });

  // A real deadlock needs two sessions; the embedded database has one.
  it.skipIf(loadConfig().database.kind !== 'postgres')(
    'answers a real deadlock (PostgreSQL) 503, and the transaction it broke changed nothing',
    async () => {
      const id = await submitApplication(ctx, applicant);
      const before = await stored(id);
      // Another session holds the audit trail, which the assignment writes after locking the
      // application's row; then it asks for that row. The route's session waited first, so its
      // deadlock check (deadlock_timeout later) finds the cycle and PostgreSQL aborts it: 40P01.
      // Locking the audit trail whole takes the owner's rights (the runtime role only inserts).
      const other = await ctx.asOwner((owner) => owner.pool.connect());
      let answer: ReturnType<typeof assign> | undefined;
      try {
        await other.query('begin');
        await other.query('lock table audit_log in exclusive mode');
        answer = assign(id, before.version);
        await expect
          .poll(
            async () =>
              (
                await other.query<{ waiting: number }>(
                  `select count(*)::int as waiting from pg_locks where not granted and relation = 'audit_log'::regclass`,
                )
              ).rows[0]!.waiting,
            { timeout: 10_000, interval: 20 },
          )
          .toBe(1);
        await other.query('select id from application where id = $1 for update', [id]);
        await expectBusyAnswer(await answer);
      } finally {
        await other.query('rollback');
        other.release();
        await answer;
      }
      expect(await stored(id)).toEqual(before);
      expect((await assign(id, before.version)).statusCode).toBe(200);
    },
  );
});

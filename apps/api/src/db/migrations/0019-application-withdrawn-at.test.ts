import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { submitApplication } from '../../../test/documents-fixture';
import { createTestApp, ownerMigrator } from '../../../test/helpers';
import { createUser } from '../../../test/identity';

const ctx = await createTestApp();
afterAll(async () => {
  await ctx.close();
});
const { db } = ctx.database;
const owner = await createUser(ctx, 'Migration Owner');
const worker = await createUser(ctx, 'Migration Worker', 'service-worker', ['Story']);

const changeStatus = async (applicationId: number, body: { action: string; version: number; reason?: string }) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/Staff/applications/${applicationId}/status`,
    headers: worker.headers,
    payload: body,
  });
  expect(response.statusCode).toBe(200);
};

const hasColumn = async () => {
  const { rows } = await sql<{ count: string }>`
    select count(*) from information_schema.columns
    where table_schema = current_schema() and table_name = 'application' and column_name = 'withdrawn_at'`.execute(db);
  return Number(rows[0]!.count) === 1;
};
const withdrawnAt = async (ids: number[]) => {
  const { rows } = await sql<{ id: string; withdrawn_at: Date | null }>`
    select id, withdrawn_at from application where id in (${sql.join(ids)}) order by id`.execute(db);
  return rows.map((row) => row.withdrawn_at);
};

it('records when the applications withdrawn by then were withdrawn, from the audit trail or else their last change', async () => {
  // Withdrawn in the portal: the audit trail says when. Its row changed again later.
  const audited = await submitApplication(ctx, owner);
  await changeStatus(audited, { action: 'withdraw', version: 1, reason: 'The provider moved.' });
  await sql`update application set updated_at = updated_at + interval '3 days' where id = ${audited}`.execute(db);
  const withdrawal = await db
    .selectFrom('audit_log')
    .select('occurred_at')
    .where('entity_type', '=', 'application')
    .where('entity_id', '=', String(audited))
    .where('action', '=', 'application.withdraw')
    .executeTakeFirstOrThrow();
  // Withdrawn outside the portal: no audit entry, only the row's last change.
  const unaudited = await submitApplication(ctx, owner);
  const lastChange = new Date('2026-02-03T04:05:06.000Z');
  await db
    .updateTable('application')
    .set({ status: 'withdrawn', updated_at: lastChange })
    .where('id', '=', unaudited)
    .execute();
  // Decided, and still waiting: neither was withdrawn.
  const denied = await submitApplication(ctx, owner);
  await changeStatus(denied, { action: 'start-review', version: 1 });
  await changeStatus(denied, { action: 'deny', version: 2, reason: 'Over capacity.' });
  const waiting = await submitApplication(ctx, owner);
  const ids = [audited, unaudited, denied, waiting];

  // The portal may not migrate: the owner does, step by step.
  const migrator = ownerMigrator(ctx);
  // Below 0021 the answers are in clear again (its down step refuses sealed rows).
  await ctx.app.repositories.sealedAnswers.openAllRows();
  const down = await migrator.migrateTo('0018-decided-applications-close-rfis');
  expect(down.error).toBeUndefined();
  expect(down.results).toContainEqual({
    migrationName: '0019-application-withdrawn-at',
    direction: 'Down',
    status: 'Success',
  });
  expect(await hasColumn()).toBe(false);

  for (let run = 0; run < 2; run++) {
    expect((await migrator.migrateToLatest()).results).toContainEqual({
      migrationName: '0019-application-withdrawn-at',
      direction: 'Up',
      status: 'Success',
    });
    expect(await hasColumn()).toBe(true);
    expect(await withdrawnAt(ids)).toEqual([withdrawal.occurred_at, lastChange, null, null]);
    // Down drops the column again, and up backfills the same.
    if (run === 0) {
      await ctx.app.repositories.sealedAnswers.openAllRows();
      expect((await migrator.migrateTo('0018-decided-applications-close-rfis')).error).toBeUndefined();
      expect(await hasColumn()).toBe(false);
    }
  }
  // The decision stays the decision's alone.
  const decided = await db.selectFrom('application').select(['id', 'decided_at']).where('id', 'in', ids).execute();
  expect(decided.filter((row) => row.decided_at !== null).map((row) => Number(row.id))).toEqual([denied]);
});

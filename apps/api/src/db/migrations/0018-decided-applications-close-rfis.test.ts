import { afterAll, expect, it } from 'vitest';
import { submitApplication } from '../../../test/documents-fixture';
import { createTestApp, ownerMigrator } from '../../../test/helpers';
import { createUser } from '../../../test/identity';
import { createRfi } from '../../../test/rfi-fixture';

const ctx = await createTestApp();
afterAll(async () => {
  await ctx.close();
});
const { db } = ctx.database;
const owner = await createUser(ctx, 'Migration Owner');
const worker = await createUser(ctx, 'Migration Worker', 'service-worker', ['Story']);

/** An application with one pending RFI, decided as the portal did before 0018: the RFI left pending. */
async function decidedTheOldWay(status: 'denied' | 'withdrawn' | 'in-review', audited = true) {
  const applicationId = await submitApplication(ctx, owner);
  const rfiId = (await createRfi(ctx, worker, { applicationId, serviceWorkerComment: 'Send the lease.' })).json<{
    rfiId: number;
  }>().rfiId;
  await db.updateTable('application').set({ status }).where('id', '=', applicationId).execute();
  if (audited) {
    await db
      .insertInto('audit_log')
      .values({
        actor_id: worker.id,
        actor_label: worker.email,
        action: `application.${status}`,
        entity_type: 'application',
        entity_id: String(applicationId),
        before: JSON.stringify({ status: 'information-requested' }),
        after: JSON.stringify({ status }),
        reason: 'Decided before migration 0018',
      })
      .execute();
  }
  return { applicationId, rfiId };
}

const rfiRow = (id: number) =>
  db.selectFrom('rfi').select(['status', 'completed_by']).where('id', '=', id).executeTakeFirstOrThrow();
const rfiTrail = (id: number) =>
  db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'actor_label', 'reason'])
    .where('entity_type', '=', 'rfi')
    .where('entity_id', '=', String(id))
    .orderBy('id')
    .execute();

it('completes the RFIs a decision or withdrawal left pending, as the one who decided, and leaves open ones alone', async () => {
  const denied = await decidedTheOldWay('denied');
  const withdrawn = await decidedTheOldWay('withdrawn');
  const stillOpen = await decidedTheOldWay('in-review');
  const unattributed = await decidedTheOldWay('denied', false);

  // The portal may not migrate: the owner does, step by step.
  const migrator = ownerMigrator(ctx);
  // Below 0021 the answers are in clear again (its down step refuses sealed rows).
  await ctx.app.repositories.sealedAnswers.openAllRows();
  expect((await migrator.migrateTo('0017-account-change-tag')).error).toBeUndefined();
  expect((await migrator.migrateTo('0018-decided-applications-close-rfis')).results).toEqual([
    { migrationName: '0018-decided-applications-close-rfis', direction: 'Up', status: 'Success' },
  ]);

  for (const [{ rfiId }, why] of [
    [denied, 'Closed by the decision on the application (denied) (migration 0018)'],
    [withdrawn, 'Closed with the application, which was withdrawn (migration 0018)'],
  ] as const) {
    expect(await rfiRow(rfiId)).toEqual({ status: 'completed', completed_by: worker.id });
    expect((await rfiTrail(rfiId)).at(-1)).toEqual({
      action: 'rfi.completed',
      actor_id: worker.id,
      actor_label: worker.email,
      reason: why,
    });
  }
  expect((await rfiRow(stillOpen.rfiId)).status).toBe('pending');
  // Nobody to name as having completed it: left as it was.
  expect((await rfiRow(unattributed.rfiId)).status).toBe('pending');
  expect((await rfiTrail(unattributed.rfiId)).map((entry) => entry.action)).toEqual(['rfi.requested']);

  // Down changes nothing, and a second up finds nothing more to do.
  expect((await migrator.migrateTo('0017-account-change-tag')).error).toBeUndefined();
  expect(await rfiRow(denied.rfiId)).toEqual({ status: 'completed', completed_by: worker.id });
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect((await rfiTrail(denied.rfiId)).filter((entry) => entry.action === 'rfi.completed')).toHaveLength(1);
});

import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { completeApplication } from '../../../test/application-fixture';
import { submitApplication } from '../../../test/documents-fixture';
import { createTestApp, ownerMigrator } from '../../../test/helpers';
import { createUser } from '../../../test/identity';

const ctx = await createTestApp();
afterAll(async () => {
  await ctx.close();
});
const { db } = ctx.database;
const worker = await createUser(ctx, 'Migration Worker', 'service-worker', ['Story']);

async function approve(providerType: 'registeredprovider' | 'unregisteredprovider') {
  const owner = await createUser(ctx, `Migration ${providerType}`);
  const application = completeApplication(providerType);
  application.address = { ...application.address, county: 'Story' };
  const id = await submitApplication(ctx, owner, application);
  for (const [action, version] of [
    ['start-review', 1],
    ['approve', 2],
  ] as const) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/Staff/applications/${id}/status`,
      headers: worker.headers,
      payload: { action, version },
    });
    expect(response.statusCode).toBe(200);
  }
  return id;
}

it('gives the records approved before it their end date, from the day they began, by provider type', async () => {
  const registered = await approve('registeredprovider');
  const unregistered = await approve('unregisteredprovider');
  // Records that began on 31 January 2025, before end dates existed.
  await ctx.asOwner((owner) =>
    sql`update provider_record_version set valid_from = '2025-01-31'
      where record_id in (select id from provider_record where application_id in (${registered}, ${unregistered}))`.execute(
      owner.db,
    ),
  );
  const migrator = ownerMigrator(ctx);
  const down = await migrator.migrateTo('0033-provider-availability');
  expect(down.error).toBeUndefined();
  expect(down.results).toContainEqual({ migrationName: '0035-approval-term', direction: 'Down', status: 'Success' });
  const up = await migrator.migrateToLatest();
  expect(up.error).toBeUndefined();

  const endsOn = await db
    .selectFrom('provider_record')
    .select(['application_id', sql<string>`to_char(ends_on, 'YYYY-MM-DD')`.as('ends_on')])
    .where('application_id', 'in', [registered, unregistered])
    .orderBy('application_id')
    .execute();
  expect(endsOn).toEqual([
    { application_id: registered, ends_on: '2027-01-31' },
    { application_id: unregistered, ends_on: '2026-01-31' },
  ]);
});

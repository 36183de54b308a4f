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
const owner = await createUser(ctx, 'Migration Owner');
const worker = await createUser(ctx, 'Migration Worker', 'service-worker', ['Story']);

const changeStatus = async (applicationId: number, body: { action: string; version: number }) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/Staff/applications/${applicationId}/status`,
    headers: worker.headers,
    payload: body,
  });
  expect(response.statusCode).toBe(200);
};

it('links the listings published before to their application, from the license number', async () => {
  const application = completeApplication();
  application.address = { ...application.address, county: 'Story' };
  const approved = await submitApplication(ctx, owner, application);
  await changeStatus(approved, { action: 'start-review', version: 1 });
  await changeStatus(approved, { action: 'approve', version: 2 });
  const listing = () =>
    db
      .selectFrom('provider')
      .select(['application_id', 'license_number'])
      .where('license_number', '=', `CCA-${String(approved).padStart(7, '0')}`)
      .executeTakeFirstOrThrow();
  expect((await listing()).application_id).toBe(approved);

  // The portal may not migrate: the owner does, step by step.
  const migrator = ownerMigrator(ctx);
  const down = await migrator.migrateTo('0028-fuzzystrmatch');
  expect(down.error).toBeUndefined();
  expect(down.results).toContainEqual({
    migrationName: '0033-provider-availability',
    direction: 'Down',
    status: 'Success',
  });
  const up = await migrator.migrateToLatest();
  expect(up.error).toBeUndefined();
  expect(await listing()).toEqual({
    application_id: approved,
    license_number: `CCA-${String(approved).padStart(7, '0')}`,
  });
});

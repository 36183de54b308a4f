import { Migrator, sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import { migrations } from '.';

const database = await createTestDatabase();
afterAll(async () => {
  await database.close();
});
const { db } = database;

/** The change-notification triggers and functions in this database's schema. */
const notifiers = async () => {
  const { rows } = await sql<{ name: string }>`
    select t.tgname as name from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    where c.relnamespace = current_schema()::regnamespace and t.tgname like '%\\_notify\\_%'
    union all
    select p.proname from pg_proc p
    where p.pronamespace = current_schema()::regnamespace and p.proname like 'portal\\_notify\\_%'`.execute(db);
  return rows.map((row) => row.name).sort();
};

it('leaves no change-notification trigger or function, and down makes them again', async () => {
  expect(await notifiers()).toEqual([]);
  const migrator = new Migrator({
    db,
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  expect((await migrator.migrateTo('0019-application-withdrawn-at')).error).toBeUndefined();
  const made = await notifiers();
  expect(made).toContain('application_notify_change');
  expect(made).toContain('provider_notify_change');
  expect(made).toContain('portal_notify_user');
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(await notifiers()).toEqual([]);
});

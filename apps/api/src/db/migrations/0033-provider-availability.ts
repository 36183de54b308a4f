import { type Kysely, sql } from 'kysely';

/**
 * An approved provider's availability (ADR 102), keyed by the approved application's id:
 *
 * - `provider_closure`: temporary (`starts_on` to `ends_on`, both days closed) or permanent
 *   (`ends_on` null). Cancelling keeps the row (`cancelled_at`): the history stays readable.
 * - `provider_opening`: the openings for each age group, with the program's day it was saved.
 * - `provider.application_id`: the listing an approval published, so the public search can
 *   leave out a provider closed today and read its openings. Filled from the license number
 *   (`CCA-` and the application id on seven digits) for the listings published before.
 *
 * Down drops the tables and the column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('provider_closure')
    .addColumn('id', 'bigint', (col) => col.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('application_id', 'bigint', (col) => col.notNull().references('application.id'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('temporary', 'permanent')`))
    .addColumn('starts_on', 'date', (col) => col.notNull())
    .addColumn('ends_on', 'date')
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('recorded_by', 'uuid', (col) => col.notNull().references('app_user.id'))
    .addColumn('recorded_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('cancelled_by', 'uuid', (col) => col.references('app_user.id'))
    .addColumn('cancelled_at', 'timestamptz')
    .addCheckConstraint(
      'provider_closure_dates',
      sql`(kind = 'permanent' and ends_on is null) or (kind = 'temporary' and ends_on >= starts_on)`,
    )
    .execute();
  await sql`create index provider_closure_standing_idx on provider_closure (application_id, starts_on)
    where cancelled_at is null`.execute(db);

  await db.schema
    .createTable('provider_opening')
    .addColumn('application_id', 'bigint', (col) => col.notNull().references('application.id'))
    .addColumn('age_group', 'text', (col) =>
      col.notNull().check(sql`age_group in ('infant-toddler', 'preschool', 'school-age')`),
    )
    .addColumn('openings', 'integer', (col) => col.notNull().check(sql`openings between 0 and 99`))
    .addColumn('updated_on', 'date', (col) => col.notNull())
    .addColumn('updated_by', 'uuid', (col) => col.notNull().references('app_user.id'))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('provider_opening_pkey', ['application_id', 'age_group'])
    .execute();

  await db.schema
    .alterTable('provider')
    .addColumn('application_id', 'bigint', (col) => col.references('application.id'))
    .execute();
  await sql`update provider p set application_id = a.id
    from application a
    where p.source = 'application' and p.license_number ~ '^CCA-[0-9]+$'
      and a.id = substring(p.license_number from 5)::bigint`.execute(db);
  await sql`create index provider_application_idx on provider (application_id) where application_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('provider').dropColumn('application_id').execute();
  await db.schema.dropTable('provider_opening').execute();
  await db.schema.dropTable('provider_closure').execute();
}

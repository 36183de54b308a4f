import { type Kysely, sql } from 'kysely';

/**
 * How long an approval lasts (ADR 107): each provider record gets the last day its approval is
 * in force, `ends_on`, and each notice about that day (the reminders before it, the one on it,
 * the lapse after it) a row of its own, so that it is sent once per record and end date however
 * many instances run the job.
 *
 * Records that exist end their approval period after the day they began (their first version),
 * by the shipped program profile's periods: 24 months for a registered home, 12 for the
 * non-registered agreements. A record the API makes from now on takes its profile's period.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('provider_record').addColumn('ends_on', 'date').execute();
  await sql`update provider_record r
    set ends_on = (v.valid_from + make_interval(months => case when a.provider_type = 'registeredprovider' then 24 else 12 end))::date
    from provider_record_version v, application a
    where v.record_id = r.id and v.version = 1 and a.id = r.application_id`.execute(db);
  // A record with no first version cannot be: counted from when it was made, to be safe.
  await sql`update provider_record set ends_on = (created_at + interval '12 months')::date where ends_on is null`.execute(
    db,
  );
  await db.schema
    .alterTable('provider_record')
    .alterColumn('ends_on', (col) => col.setNotNull())
    .execute();
  await db.schema.createIndex('provider_record_ends_on_idx').on('provider_record').column('ends_on').execute();

  await db.schema
    .createTable('provider_record_notice')
    .addColumn('record_id', 'bigint', (col) => col.notNull().references('provider_record.id'))
    .addColumn('ends_on', 'date', (col) => col.notNull())
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(sql`kind in ('days-90', 'days-30', 'days-7', 'end-day', 'lapsed')`),
    )
    .addColumn('sent_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('provider_record_notice_pkey', ['record_id', 'ends_on', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('provider_record_notice').execute();
  await db.schema.alterTable('provider_record').dropColumn('ends_on').execute();
}

import { type Kysely, sql } from 'kysely';

/**
 * Renewal as an application kind (ADR 117). A renewal is an application like any other, of kind
 * `renewal`, linked to the provider record it renews; its draft is linked to the record too, so
 * the provider has one renewal draft per record. `renewal_sent_on` is the program's day it was
 * sent: a renewal sent on or before the record's last day keeps the record in force until it is
 * decided (the lapse rule in `approval-term.ts`). At most one renewal of a record is undecided.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('draft_application')
    .addColumn('record_id', 'bigint', (col) => col.references('provider_record.id'))
    .execute();
  await sql`create unique index draft_application_renewal_idx on draft_application (record_id)
    where record_id is not null`.execute(db);

  await db.schema
    .alterTable('application')
    .addColumn('kind', 'text', (col) =>
      col
        .notNull()
        .defaultTo('new')
        .check(sql`kind in ('new', 'renewal')`),
    )
    .addColumn('record_id', 'bigint', (col) => col.references('provider_record.id'))
    .addColumn('renewal_sent_on', 'date')
    .execute();
  await sql`alter table application add constraint application_renewal_record
    check ((kind = 'renewal') = (record_id is not null and renewal_sent_on is not null))`.execute(db);
  await sql`create unique index application_renewal_open_idx on application (record_id)
    where kind = 'renewal' and status in ('submitted', 'in-review', 'information-requested')`.execute(db);
  await sql`create index application_renewal_record_idx on application (record_id) where record_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table application drop constraint application_renewal_record`.execute(db);
  await db.schema
    .alterTable('application')
    .dropColumn('renewal_sent_on')
    .dropColumn('record_id')
    .dropColumn('kind')
    .execute();
  await db.schema.alterTable('draft_application').dropColumn('record_id').execute();
}

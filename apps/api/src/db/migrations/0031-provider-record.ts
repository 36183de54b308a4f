import { type Kysely, sql } from 'kysely';

/**
 * The provider's record after approval (ADR 100): one record per approved application, and its
 * versions, each with the answers it held (sealed as the application's are, ADR 080) and the
 * days it was in force: from `valid_from` up to, not including, `valid_to` (null: in force now).
 *
 * Records of applications approved before this migration are made by the API at start-up
 * (`providerRecords.backfill`): their answers must be opened and sealed again under the
 * version's own data key, which a migration cannot hold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('provider_record')
    .addColumn('id', 'bigint', (col) => col.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('application_id', 'bigint', (col) => col.notNull().unique().references('application.id'))
    .addColumn('owner_id', 'uuid', (col) => col.notNull().references('app_user.id'))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'ended')`),
    )
    // The county of the current version's care address: whose workers the record belongs to.
    .addColumn('county', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('provider_record_owner_idx').on('provider_record').columns(['owner_id', 'id']).execute();

  await db.schema
    .createTable('provider_record_version')
    .addColumn('id', 'bigint', (col) => col.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('record_id', 'bigint', (col) => col.notNull().references('provider_record.id'))
    .addColumn('version', 'integer', (col) => col.notNull())
    // The same three columns as an application's, so the sealed-answers keeping treats both alike.
    .addColumn('application_json', 'jsonb', (col) => col.notNull())
    .addColumn('data_key', 'text')
    .addColumn('tin_hmac', 'text')
    .addColumn('valid_from', 'date', (col) => col.notNull())
    .addColumn('valid_to', 'date')
    .addColumn('changed_by_id', 'uuid', (col) => col.references('app_user.id'))
    .addColumn('changed_by_label', 'text')
    .addColumn('reason', 'text')
    // The reported change that produced it (0032); null for the approval's first version.
    .addColumn('change_id', 'bigint')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('provider_record_version_unique', ['record_id', 'version'])
    .addCheckConstraint('provider_record_version_days', sql`valid_to is null or valid_to >= valid_from`)
    .execute();
  // One current version per record.
  await sql`create unique index provider_record_version_current_idx on provider_record_version (record_id)
    where valid_to is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('provider_record_version').execute();
  await db.schema.dropTable('provider_record').execute();
}

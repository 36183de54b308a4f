import { type Kysely, sql } from 'kysely';

/**
 * Changes a provider reports on their record (ADR 101): a draft until sent, then reviewed by
 * staff (or applied at once where the program profile allows), applied as a new version of the
 * record on its effective day. The answers of the parts it changes are sealed as the record's
 * versions are (ADR 080), in the same three columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('provider_change')
    .addColumn('id', 'bigint', (col) => col.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('record_id', 'bigint', (col) => col.notNull().references('provider_record.id'))
    .addColumn('owner_id', 'uuid', (col) => col.notNull().references('app_user.id'))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('draft')
        .check(sql`status in ('draft', 'submitted', 'approved', 'denied', 'withdrawn', 'applied')`),
    )
    // The parts it changes (the step fields), and their new answers.
    .addColumn('parts', 'jsonb', (col) => col.notNull())
    .addColumn('application_json', 'jsonb', (col) => col.notNull())
    .addColumn('data_key', 'text')
    .addColumn('tin_hmac', 'text')
    // The record's version it was written against: another one current by then is a conflict.
    .addColumn('based_on_version', 'integer', (col) => col.notNull())
    .addColumn('effective_date', 'date', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decided_by', 'uuid', (col) => col.references('app_user.id'))
    .addColumn('decision_reason', 'text')
    .addColumn('applied_version', 'integer')
    .execute();
  await db.schema
    .createIndex('provider_change_record_idx')
    .on('provider_change')
    .columns(['record_id', 'id'])
    .execute();
  await db.schema
    .createIndex('provider_change_due_idx')
    .on('provider_change')
    .columns(['status', 'effective_date'])
    .execute();
  await db.schema
    .alterTable('provider_record_version')
    .addForeignKeyConstraint('provider_record_version_change_fk', ['change_id'], 'provider_change', ['id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('provider_record_version').dropConstraint('provider_record_version_change_fk').execute();
  await db.schema.dropTable('provider_change').execute();
}

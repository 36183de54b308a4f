import { type Kysely, sql } from 'kysely';

/**
 * Applications: lookups (data the agency can change), drafts (partial JSON with a version
 * for optimistic concurrency) and submitted applications (one per draft: the idempotency key).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lookup_item')
    .addColumn('lookup_id', 'integer', (col) => col.generatedByDefaultAsIdentity().primaryKey())
    .addColumn('lookup_type', 'text', (col) => col.notNull())
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('parent_lookup_id', 'integer', (col) => col.references('lookup_item.lookup_id'))
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addUniqueConstraint('lookup_item_type_code_unique', ['lookup_type', 'code'])
    .execute();

  await db.schema
    .createTable('draft_application')
    .addColumn('id', 'bigint', (col) => col.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('owner_id', 'uuid', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('provider_type', 'text', (col) => col.notNull())
    .addColumn('application_json', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('draft_application_owner_idx')
    .on('draft_application')
    .columns(['owner_id', 'id'])
    .execute();

  await db.schema
    .createTable('application')
    .addColumn('id', 'bigint', (col) => col.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('owner_id', 'uuid', (col) => col.notNull().references('app_user.id'))
    .addColumn('draft_id', 'bigint', (col) => col.notNull().unique())
    .addColumn('provider_type', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .check(sql`status in ('submitted', 'in-review', 'information-requested', 'approved', 'denied', 'withdrawn')`),
    )
    .addColumn('application_json', 'jsonb', (col) => col.notNull())
    .addColumn('provider_name', 'text', (col) => col.notNull())
    .addColumn('county', 'text')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('submitted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('application_owner_idx').on('application').columns(['owner_id', 'id']).execute();
  await db.schema
    .createIndex('application_status_county_idx')
    .on('application')
    .columns(['status', 'county'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('application').execute();
  await db.schema.dropTable('draft_application').execute();
  await db.schema.dropTable('lookup_item').execute();
}

import { type Kysely, sql } from 'kysely';

/**
 * The documents an application needs (computed at submission from the program profile's
 * table) and, once uploaded, the file behind each. The file's columns are all set or all
 * null: a row never describes half a file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('application_document')
    .addColumn('id', 'bigint', (col) => col.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('application_id', 'bigint', (col) => col.notNull().references('application.id').onDelete('cascade'))
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('document_name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('is_required', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('is_waived', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('stored_name', 'text')
    .addColumn('display_name', 'text')
    .addColumn('content_type', 'text')
    .addColumn('size_bytes', 'bigint', (col) => col.check(sql`size_bytes >= 0`))
    .addColumn('sha256', 'text', (col) => col.check(sql`sha256 ~ '^[0-9a-f]{64}$'`))
    .addColumn('blob_key', 'text', (col) => col.unique())
    .addColumn('uploaded_by', 'uuid', (col) => col.references('app_user.id'))
    .addColumn('uploaded_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'application_document_file_whole',
      sql`num_nulls(stored_name, display_name, content_type, size_bytes, sha256, blob_key, uploaded_by, uploaded_at) in (0, 8)`,
    )
    .execute();
  await db.schema
    .createIndex('application_document_application_idx')
    .on('application_document')
    .columns(['application_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('application_document').execute();
}

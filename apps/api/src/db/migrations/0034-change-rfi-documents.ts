import { type Kysely, sql } from 'kysely';
import { storedFileColumns } from './column-builders';

/**
 * Documents and requests for information on a reported change (ADR 101). The provider uploads
 * the documents the change needs (a record check for a new adult or assistant) to the change
 * itself; each row is one whole file for one needed document, named as the required-documents
 * table names it. An RFI is about an application or a change, exactly one of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('provider_change_document')
    .addColumn('id', 'bigint', (col) => col.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('change_id', 'bigint', (col) => col.notNull().references('provider_change.id').onDelete('cascade'))
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('document_name', 'text', (col) => col.notNull())
    .$call(storedFileColumns)
    .execute();
  await db.schema
    .createIndex('provider_change_document_change_idx')
    .on('provider_change_document')
    .columns(['change_id', 'id'])
    .execute();

  await db.schema
    .alterTable('rfi')
    .addColumn('change_id', 'bigint', (col) => col.references('provider_change.id').onDelete('cascade'))
    .execute();
  await db.schema
    .alterTable('rfi')
    .alterColumn('application_id', (col) => col.dropNotNull())
    .execute();
  await db.schema
    .alterTable('rfi')
    .addCheckConstraint('rfi_one_subject', sql`num_nonnulls(application_id, change_id) = 1`)
    .execute();
  await db.schema.createIndex('rfi_change_idx').on('rfi').columns(['change_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // A change's RFIs have no application to stay with: they go.
  await sql`delete from rfi where change_id is not null`.execute(db);
  await db.schema.dropIndex('rfi_change_idx').execute();
  await db.schema.alterTable('rfi').dropConstraint('rfi_one_subject').execute();
  await db.schema
    .alterTable('rfi')
    .alterColumn('application_id', (col) => col.setNotNull())
    .execute();
  await db.schema.alterTable('rfi').dropColumn('change_id').execute();
  await db.schema.dropTable('provider_change_document').execute();
}

import { type Kysely, sql } from 'kysely';
import { storedFileColumns } from './column-builders';

/**
 * Requests for information: a service worker asks, the applicant answers, the service worker
 * closes it. Files of either side live in the blob store like application documents; a
 * file row is always whole.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rfi')
    .addColumn('id', 'bigint', (col) => col.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('application_id', 'bigint', (col) => col.notNull().references('application.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'completed')`),
    )
    .addColumn('service_worker_comment', 'text', (col) => col.notNull())
    .addColumn('applicant_comment', 'text')
    .addColumn('due_date', 'date', (col) => col.notNull())
    .addColumn('created_by', 'uuid', (col) => col.notNull().references('app_user.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('responded_by', 'uuid', (col) => col.references('app_user.id'))
    .addColumn('responded_at', 'timestamptz')
    .addColumn('completed_by', 'uuid', (col) => col.references('app_user.id'))
    .addColumn('completed_at', 'timestamptz')
    .addCheckConstraint(
      'rfi_completed_whole',
      sql`(status = 'completed') = (completed_at is not null and completed_by is not null)`,
    )
    .execute();
  await db.schema.createIndex('rfi_application_idx').on('rfi').columns(['application_id', 'id']).execute();
  // The dashboard and the status rule count pending RFIs of an application.
  await db.schema
    .createIndex('rfi_pending_idx')
    .on('rfi')
    .column('application_id')
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  await db.schema
    .createTable('rfi_document')
    .addColumn('id', 'bigint', (col) => col.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('rfi_id', 'bigint', (col) => col.notNull().references('rfi.id').onDelete('cascade'))
    .$call(storedFileColumns)
    .execute();
  await db.schema.createIndex('rfi_document_rfi_idx').on('rfi_document').columns(['rfi_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rfi_document').execute();
  await db.schema.dropTable('rfi').execute();
}

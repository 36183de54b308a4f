import { type Kysely, sql } from 'kysely';

/**
 * Exports of the staff queue (ADR 110): one row per export, its filters and columns as asked, its
 * progress while the job writes it, and the stored file's key once it is ready. The requester's
 * list reads (requested_by, id); the job claims the oldest queued one by the partial index.
 *
 * Down drops the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('export_job')
    .addColumn('id', 'bigint', (col) => col.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('requested_by', 'uuid', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('application', 'change')`))
    .addColumn('filters', 'jsonb', (col) => col.notNull())
    .addColumn('columns', 'jsonb', (col) => col.notNull())
    .addColumn('format', 'text', (col) => col.notNull().check(sql`format in ('xlsx', 'csv')`))
    .addColumn('de_identified', 'boolean', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('queued')
        .check(sql`status in ('queued', 'running', 'ready', 'failed')`),
    )
    .addColumn('total_rows', 'integer', (col) => col.notNull().check(sql`total_rows >= 0`))
    .addColumn('rows_written', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`rows_written >= 0`),
    )
    .addColumn('blob_key', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addCheckConstraint('export_job_ready_file', sql`(status = 'ready') = (blob_key is not null)`)
    .execute();
  await sql`create index export_job_requester_idx on export_job (requested_by, id desc)`.execute(db);
  await sql`create index export_job_open_idx on export_job (id) where status in ('queued', 'running')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('export_job').execute();
}

import { type Kysely, sql } from 'kysely';

/**
 * The staff workspace: who has taken an application, when it was decided, why a document
 * was waived and who asked for it; indexes for the queue and for an application's trail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('application')
    .addColumn('assignee_id', 'uuid', (col) => col.references('app_user.id'))
    .addColumn('decided_at', 'timestamptz')
    .execute();
  // The queue: a worker's counties, oldest first; name search by trigram.
  await db.schema
    .createIndex('application_queue_idx')
    .on('application')
    .columns(['county', 'submitted_at', 'id'])
    .execute();
  // An administrator's queue spans every county: oldest first without sorting them all.
  await db.schema.createIndex('application_submitted_idx').on('application').columns(['submitted_at', 'id']).execute();
  await sql`create index application_provider_name_trgm_idx on application using gin (provider_name gin_trgm_ops)`.execute(
    db,
  );
  await db.schema.createIndex('application_assignee_idx').on('application').column('assignee_id').execute();

  await db.schema
    .alterTable('application_document')
    .addColumn('waive_reason', 'text')
    .addColumn('waived_by', 'uuid', (col) => col.references('app_user.id'))
    .addColumn('waived_at', 'timestamptz')
    .addColumn('requested_by', 'uuid', (col) => col.references('app_user.id'))
    .execute();

  // Rows about an application's parts (documents, RFIs) name it in after.applicationId.
  await sql`create index audit_log_application_idx on audit_log ((after->>'applicationId'), id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists audit_log_application_idx`.execute(db);
  await db.schema
    .alterTable('application_document')
    .dropColumn('waive_reason')
    .dropColumn('waived_by')
    .dropColumn('waived_at')
    .dropColumn('requested_by')
    .execute();
  await db.schema.dropIndex('application_assignee_idx').execute();
  await db.schema.dropIndex('application_provider_name_trgm_idx').execute();
  await db.schema.dropIndex('application_submitted_idx').execute();
  await db.schema.dropIndex('application_queue_idx').execute();
  await db.schema.alterTable('application').dropColumn('assignee_id').dropColumn('decided_at').execute();
}

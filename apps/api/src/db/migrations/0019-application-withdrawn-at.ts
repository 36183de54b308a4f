import { type Kysely, sql } from 'kysely';

/**
 * When an application was withdrawn. Its wait ends there, as a decided one's ends at
 * `decided_at` (the staff queue's and review page's days waiting, and the queue's sort by them);
 * before, nothing recorded the moment and a withdrawn application waited on forever.
 * `decided_at` stays the decision's alone: the decision-time statistics read it.
 *
 * The applications withdrawn by then get the time of the audited change to their present
 * status (the withdrawal, as migration 0018 finds it); one with no such entry (written outside
 * the portal) gets the last time its row changed, the closest the data holds.
 *
 * Down drops the column (the audit trail still holds when each was withdrawn).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('application').addColumn('withdrawn_at', 'timestamptz').execute();
  await sql`
    update application a
    set withdrawn_at = coalesce(
      (
        select l.occurred_at from audit_log l
        where l.entity_type = 'application' and l.entity_id = a.id::text and l.after ->> 'status' = 'withdrawn'
        order by l.id desc
        limit 1
      ),
      a.updated_at
    )
    where a.status = 'withdrawn'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('application').dropColumn('withdrawn_at').execute();
}

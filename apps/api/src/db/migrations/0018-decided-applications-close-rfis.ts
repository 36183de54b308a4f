import { type Kysely, sql } from 'kysely';

/**
 * A decision or a withdrawal now completes the application's pending RFIs with it (DESIGN.md
 * section 6; the review repository's `closePendingRfis`). Before, they stayed pending: the
 * applicant of a closed application was still invited to answer, and the staff queue and
 * statistics counted them open and, in time, overdue. This completes the ones left behind by
 * then, each with an audit entry saying why, as completed by the staff member who made the
 * decision (the audited change to the application's present status), at its time. A decision
 * with no such entry (written outside the portal) names no one to complete them: those stay.
 *
 * One way: down leaves them completed (reopening a request nobody can answer helps no one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    with decision as (
      select distinct on (a.id) a.id, a.status, u.id as actor_id, l.actor_label, l.occurred_at
      from application a
      join audit_log l on l.entity_type = 'application' and l.entity_id = a.id::text
        and l.after ->> 'status' = a.status
      join app_user u on u.id::text = l.actor_id
      where a.status in ('approved', 'denied', 'withdrawn')
      order by a.id, l.id desc
    ), closed as (
      update rfi set status = 'completed', completed_by = decision.actor_id, completed_at = decision.occurred_at
      from decision
      where rfi.application_id = decision.id and rfi.status = 'pending'
      returning rfi.id, rfi.application_id, decision.status, decision.actor_id, decision.actor_label
    )
    insert into audit_log (actor_id, actor_label, action, entity_type, entity_id, before, after, reason)
    select closed.actor_id::text, closed.actor_label, 'rfi.completed', 'rfi', closed.id::text,
      jsonb_build_object('status', 'pending'),
      jsonb_build_object('applicationId', closed.application_id, 'status', 'completed'),
      case when closed.status = 'withdrawn' then 'Closed with the application, which was withdrawn'
        else 'Closed by the decision on the application (' || closed.status || ')' end
        || ' (migration 0018)'
    from closed`.execute(db);
}

export async function down(): Promise<void> {
  // One way: see above.
}

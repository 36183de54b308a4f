import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor, AuditRepository } from '../audit/audit.repository';

/** What was decided or withdrawn: an application, or a reported change on its record. */
export type DecidedSubject =
  { kind: 'application'; applicationId: number } | { kind: 'change'; applicationId: number; changeId: number };

/**
 * A decision on an application or a reported change, or its withdrawal, ends the wait for
 * information on it (DESIGN.md section 6): the requests still pending are completed with it,
 * each audited with why, so the applicant or provider is no longer asked to answer (nor
 * reminded), and the queue and the statistics no longer count them open. Run in the
 * transaction that decides, after the subject's row is locked (the order every RFI write takes).
 */
export async function closePendingRfis(
  trx: Transaction<DB>,
  audit: AuditRepository,
  subject: DecidedSubject,
  /** The status it was decided to: `withdrawn`, or a decision such as `approved`. */
  status: string,
  actor: Actor,
) {
  const ofSubject =
    subject.kind === 'change'
      ? trx.updateTable('rfi').where('change_id', '=', subject.changeId)
      : trx.updateTable('rfi').where('application_id', '=', subject.applicationId);
  const closed = await ofSubject
    .set({ status: 'completed', completed_by: actor.id, completed_at: new Date() })
    .where('status', '=', 'pending')
    .returning('id')
    .execute();
  const changeId = subject.kind === 'change' ? { changeId: subject.changeId } : {};
  for (const rfi of closed) {
    await audit.recordChange(trx, {
      actor,
      action: 'rfi.completed',
      entity: { type: 'rfi', id: rfi.id },
      before: { status: 'pending' },
      after: { applicationId: subject.applicationId, ...changeId, status: 'completed' },
      reason:
        status === 'withdrawn'
          ? `Closed with the ${subject.kind}, which was withdrawn`
          : `Closed by the decision on the ${subject.kind} (${status})`,
    });
  }
}

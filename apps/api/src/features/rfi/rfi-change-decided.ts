import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor, AuditRepository } from '../audit/audit.repository';

/**
 * A decision on a reported change, or its withdrawal, ends the wait for information on it, as it
 * does for an application: the requests still pending are completed with it, each audited with
 * why, so the provider is no longer asked to answer. Run in the transaction that decides, after
 * the change's row is locked (the order every RFI write takes).
 */
export async function closePendingChangeRfis(
  trx: Transaction<DB>,
  audit: AuditRepository,
  change: { id: number; applicationId: number },
  status: 'approved' | 'denied' | 'withdrawn',
  actor: Actor,
) {
  const closed = await trx
    .updateTable('rfi')
    .set({ status: 'completed', completed_by: actor.id, completed_at: new Date() })
    .where('change_id', '=', change.id)
    .where('status', '=', 'pending')
    .returning('id')
    .execute();
  for (const rfi of closed) {
    await audit.recordChange(trx, {
      actor,
      action: 'rfi.completed',
      entity: { type: 'rfi', id: rfi.id },
      before: { status: 'pending' },
      after: { applicationId: change.applicationId, changeId: change.id, status: 'completed' },
      reason:
        status === 'withdrawn'
          ? 'Closed with the change, which was withdrawn'
          : `Closed by the decision on the change (${status})`,
    });
  }
}

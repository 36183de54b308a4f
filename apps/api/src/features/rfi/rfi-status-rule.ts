import { isStatusIn, undecidedStatuses } from '@ccap/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor, AuditRepository } from '../audit/audit.repository';

/** RFIs still pending on an application, answered or not. */
export const pendingCount = async (executor: Kysely<DB> | Transaction<DB>, applicationId: number): Promise<number> => {
  const row = await executor
    .selectFrom('rfi')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('application_id', '=', applicationId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

/**
 * DESIGN.md section 6: while an RFI is pending the application is information-requested;
 * once every RFI is completed it is in-review again. Each change is audited, so the
 * dashboard's status history shows it. Run in the transaction that changed the RFIs.
 */
export async function applyRfiStatusRule(
  trx: Transaction<DB>,
  audit: AuditRepository,
  applicationId: number,
  actor: Actor,
  reason: string,
) {
  const { status } = await trx
    .selectFrom('application')
    .select('status')
    .where('id', '=', applicationId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const next =
    (await pendingCount(trx, applicationId)) > 0
      ? isStatusIn(undecidedStatuses, status) && status !== 'information-requested'
        ? 'information-requested'
        : undefined
      : status === 'information-requested'
        ? 'in-review'
        : undefined;
  if (!next) return;
  await trx
    .updateTable('application')
    .set({ status: next, updated_at: new Date(), version: sql`version + 1` })
    .where('id', '=', applicationId)
    .execute();
  await audit.recordChange(trx, {
    actor,
    action: 'application.status-changed',
    entity: { type: 'application', id: applicationId },
    before: { status },
    after: { status: next },
    reason,
  });
}

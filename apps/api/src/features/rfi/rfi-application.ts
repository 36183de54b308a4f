import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/** The application an RFI call is about: enough to decide access and whether it is open. */
export interface ApplicationOfRfi {
  applicationId: number;
  ownerId: string;
  county: string | null;
  status: DB['application']['status'];
}
export const applicationOfRfiColumns = [
  'application.id as applicationId',
  'application.owner_id as ownerId',
  'application.county as county',
  'application.status as status',
] as const;

/** Where a notice about an application's RFIs leads. */
export const rfiLink = (applicationId: number) => ({ kind: 'rfi' as const, href: `/rfi-v1/${applicationId}` });

/**
 * Every transaction that writes an application's RFIs (a request, an answer, a completion, a
 * decision, which completes the pending ones) locks the application's row first, then the
 * RFI's: taken in one order everywhere, no two can wait on each other in a cycle (a deadlock
 * PostgreSQL ends by failing one of them). Answers undefined when the RFI does not exist.
 */
export const lockApplicationOfRfi = (trx: Transaction<DB>, rfiId: number) =>
  trx
    .selectFrom('application')
    .select('id')
    .where('id', '=', (eb) => eb.selectFrom('rfi').select('rfi.application_id').where('rfi.id', '=', rfiId))
    .forUpdate()
    .executeTakeFirst();

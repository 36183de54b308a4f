import { undecidedStatuses } from '@ccap/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { Notifier } from '../notifications/notifier';
import { programDay } from '../program/program-day';
import { createFormats } from '../application/pdf/formats';
import { rfiLink } from './rfi-application';

/** Reminders of requests for information left unanswered past their due date. */
export function createRfiRemindersRepository(db: Kysely<DB>, notifier: Notifier, timeZone = 'UTC') {
  return {
    /**
     * Reminds applicants of RFIs past their due date: pending, not answered yet, due before
     * today where the program is (as the staff queue counts an RFI overdue), on an application still open, and
     * not reminded. One reminder per RFI: rows are claimed with SKIP LOCKED and marked
     * `reminded_at` in the transaction that writes the notice, so several instances never
     * remind twice. Answers how many were reminded (at most `batch`; the next run takes the rest).
     */
    async remindDue(now = new Date(), batch = 50): Promise<number> {
      const today = programDay(timeZone, now);
      return db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom('rfi')
          .innerJoin('application', 'application.id', 'rfi.application_id')
          .select([
            'rfi.id',
            'rfi.application_id',
            'application.owner_id',
            sql<string>`to_char(rfi.due_date, 'YYYY-MM-DD')`.as('due_date'),
          ])
          .where('rfi.status', '=', 'pending')
          .where('rfi.responded_at', 'is', null)
          .where('rfi.reminded_at', 'is', null)
          .where('rfi.due_date', '<', sql<Date>`${today}::date`)
          .where('application.status', 'in', undecidedStatuses)
          .orderBy('rfi.id')
          .limit(batch)
          .forUpdate('rfi')
          .skipLocked()
          .execute();
        for (const rfi of due) {
          await notifier.notify(trx, {
            userId: rfi.owner_id,
            event: 'rfiDue',
            applicationId: rfi.application_id!,
            // The due day as the reader's language writes a date, not as the database does.
            valuesIn: (lang) => ({ due: createFormats(lang).date(rfi.due_date) }),
            links: [rfiLink(rfi.application_id!)],
          });
          await trx.updateTable('rfi').set({ reminded_at: now }).where('id', '=', rfi.id).execute();
        }
        return due.length;
      });
    },
  };
}
export type RfiRemindersRepository = ReturnType<typeof createRfiRemindersRepository>;

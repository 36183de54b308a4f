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
     * Reminds providers of RFIs past their due date: pending, not answered yet, due before today
     * where the program is (as the staff queue counts an RFI overdue), about an application still
     * open or a reported change still waiting for its decision, and not reminded. One reminder
     * per RFI: rows are claimed with SKIP LOCKED and marked `reminded_at` in the transaction that
     * writes the notice, so several instances never remind twice. Answers how many were reminded
     * (at most `batch`; the next run takes the rest).
     */
    async remindDue(now = new Date(), batch = 50): Promise<number> {
      const today = programDay(timeZone, now);
      return db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom('rfi')
          .leftJoin('application', 'application.id', 'rfi.application_id')
          .leftJoin('provider_change as change', 'change.id', 'rfi.change_id')
          .leftJoin('provider_record as record', 'record.id', 'change.record_id')
          .select([
            'rfi.id',
            'rfi.change_id',
            sql<number>`coalesce(rfi.application_id, record.application_id)`.as('application_id'),
            sql<string>`coalesce(application.owner_id, change.owner_id)`.as('owner_id'),
            sql<string>`to_char(rfi.due_date, 'YYYY-MM-DD')`.as('due_date'),
          ])
          .where('rfi.status', '=', 'pending')
          .where('rfi.responded_at', 'is', null)
          .where('rfi.reminded_at', 'is', null)
          .where('rfi.due_date', '<', sql<Date>`${today}::date`)
          .where((eb) =>
            eb.or([eb('application.status', 'in', undecidedStatuses), eb('change.status', '=', 'submitted')]),
          )
          .orderBy('rfi.id')
          .limit(batch)
          .forUpdate('rfi')
          .skipLocked()
          .execute();
        for (const rfi of due) {
          const applicationId = Number(rfi.application_id);
          // The due day as the reader's language writes a date, not as the database does.
          const valuesIn = (lang: Parameters<typeof createFormats>[0]) => ({
            due: createFormats(lang).date(rfi.due_date),
          });
          await notifier.notify(
            trx,
            rfi.change_id === null
              ? { userId: rfi.owner_id, event: 'rfiDue', applicationId, valuesIn, links: [rfiLink(applicationId)] }
              : {
                  userId: rfi.owner_id,
                  event: 'rfiDue',
                  template: 'changeRfiDue',
                  applicationId,
                  values: { change: rfi.change_id },
                  valuesIn,
                  links: [{ kind: 'rfi', href: `/my-provider-record/changes/${rfi.change_id}` }],
                },
          );
          await trx.updateTable('rfi').set({ reminded_at: now }).where('id', '=', rfi.id).execute();
        }
        return due.length;
      });
    },
  };
}
export type RfiRemindersRepository = ReturnType<typeof createRfiRemindersRepository>;

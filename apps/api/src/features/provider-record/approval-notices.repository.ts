import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { LocaleCode } from '../application/pdf/labels';
import type { Notice, Notifier } from '../notifications/notifier';
import { lapsedSql, renewalPendingSql } from './approval-term';
import { countyWorkers, longDate } from './notice-helpers';

type NoticeKind = DB['provider_record_notice']['kind'];

/**
 * The notices of an approval's end (ADR 107): reminders 90, 30 and 7 days before its last day
 * and on it, then its lapse. Each is a row (record, end date, kind) written in the transaction
 * that sends it: a second run, on this instance or another, finds it and sends nothing. A run
 * that comes late sends only the notice due now, not the ones it missed.
 */
export function createApprovalNoticesRepository(db: Kysely<DB>, notifier: Notifier, clock: Clock) {
  /** The notice due on `today` for a record (alias `r`), by the one lapse rule. */
  const dueKind = (today: string) => sql<NoticeKind>`case
    when ${lapsedSql('r', today)} then 'lapsed'
    when r.ends_on = ${today}::date then 'end-day'
    when r.ends_on - ${today}::date <= 7 then 'days-7'
    when r.ends_on - ${today}::date <= 30 then 'days-30'
    else 'days-90' end`;

  const noticesOf = (
    kind: NoticeKind,
    record: { applicationId: number; ownerId: string; endsOn: string; daysLeft: number; provider: string },
    staff: string[],
  ): Notice[] => {
    const values = { provider: record.provider, days: record.daysLeft };
    const valuesIn = (lang: LocaleCode) => ({ endsOn: longDate(lang, record.endsOn) });
    const toProvider = (template: Notice['template']): Notice => ({
      userId: record.ownerId,
      event: 'statusChanged',
      template,
      applicationId: record.applicationId,
      values,
      valuesIn,
      links: [{ kind: 'providerRecord', href: '/my-provider-record' }],
    });
    const toStaff = (template: Notice['template']): Notice[] =>
      staff.map((userId) => ({
        userId,
        event: 'statusChanged',
        template,
        applicationId: record.applicationId,
        values,
        valuesIn,
        links: [{ kind: 'review', href: `/staff/applications/${record.applicationId}` }],
      }));
    if (kind === 'lapsed') return [toProvider('approvalLapsed'), ...toStaff('approvalLapsedStaff')];
    if (kind === 'end-day') return [toProvider('approvalEndsToday'), ...toStaff('approvalEndsTodayStaff')];
    return [toProvider('approvalEndsSoon')];
  };

  return {
    /**
     * Sends the notices due on the program's day that were not sent yet, at most `batch` records
     * a run (the next run takes the rest). Returns how many records were told.
     */
    async sendDue(batch = 100): Promise<number> {
      const today = clock.today();
      const due = await db
        .selectFrom('provider_record as r')
        .innerJoin('application as a', 'a.id', 'r.application_id')
        .select([
          'r.id',
          'r.application_id',
          'r.owner_id',
          'r.county',
          'a.provider_name',
          sql<string>`to_char(r.ends_on, 'YYYY-MM-DD')`.as('ends_on'),
          sql<number>`(r.ends_on - ${today}::date)`.as('days_left'),
          dueKind(today).as('kind'),
        ])
        .where('r.status', '=', 'active')
        .where('r.ends_on', '<=', sql<Date>`${today}::date + 90`)
        // A renewal sent and waiting for its decision stops the reminders (ADR 117).
        .where((eb) => eb.not(renewalPendingSql('r')))
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('provider_record_notice as n')
                .select('n.record_id')
                .whereRef('n.record_id', '=', 'r.id')
                .whereRef('n.ends_on', '=', 'r.ends_on')
                .where('n.kind', '=', dueKind(today)),
            ),
          ),
        )
        .orderBy('r.id')
        .limit(batch)
        .execute();
      let told = 0;
      for (const row of due) {
        await db.transaction().execute(async (trx) => {
          // The row is the notice's "sent once": whoever writes it first sends it.
          const claimed = await trx
            .insertInto('provider_record_notice')
            .values({ record_id: row.id, ends_on: row.ends_on, kind: row.kind })
            .onConflict((oc) => oc.doNothing())
            .returning('record_id')
            .executeTakeFirst();
          if (!claimed) return;
          const staff = row.kind === 'lapsed' || row.kind === 'end-day' ? await countyWorkers(trx, row.county) : [];
          const notices = noticesOf(
            row.kind,
            {
              applicationId: Number(row.application_id),
              ownerId: row.owner_id,
              endsOn: row.ends_on,
              daysLeft: Number(row.days_left),
              provider: row.provider_name,
            },
            staff,
          );
          for (const notice of notices) await notifier.notify(trx, notice);
          told += 1;
        });
      }
      return told;
    },
  };
}
export type ApprovalNoticesRepository = ReturnType<typeof createApprovalNoticesRepository>;

import { REVIEW_TARGET_DAYS, undecidedStatuses } from '@ccap/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { programDay } from '../program/program-day';
import { inScope, type StaffScope } from './staff-scope';

/** The staff statistics page's figures, over the staff member's scope. */
export function createStatisticsRepository(db: Kysely<DB>, timeZone = 'UTC') {
  return {
    /** Counts by status, county and type, decision times, and the open and overdue work. */
    async of(scope: StaffScope) {
      // Today where the program is: an RFI due today is past due once today has ended there.
      const today = programDay(timeZone, new Date());
      const base = db.selectFrom('application as a').where(inScope(scope));
      const countsBy = (column: 'a.status' | 'a.county' | 'a.provider_type') =>
        base
          .select([
            sql<string>`coalesce(${sql.ref(column)}, '')`.as('key'),
            (eb) => eb.fn.countAll<string>().as('count'),
          ])
          .groupBy(column)
          .orderBy(column)
          .execute();
      const [byStatus, byCounty, byProviderType, summary, rfis] = await Promise.all([
        countsBy('a.status'),
        countsBy('a.county'),
        countsBy('a.provider_type'),
        base
          .select([
            (eb) => eb.fn.countAll<string>().as('total'),
            sql<string>`count(*) filter (where a.decided_at is not null)`.as('decided'),
            sql<
              string | null
            >`percentile_cont(0.5) within group (order by floor(extract(epoch from (a.decided_at - a.submitted_at)) / 86400)) filter (where a.decided_at is not null)`.as(
              'median',
            ),
            (eb) =>
              eb.fn
                .countAll<string>()
                .filterWhere((filter) =>
                  filter.and([
                    filter('a.status', 'in', undecidedStatuses),
                    filter('a.submitted_at', '<', sql<Date>`now() - make_interval(days => ${REVIEW_TARGET_DAYS})`),
                  ]),
                )
                .as('overdue'),
          ])
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('rfi')
          .innerJoin('application as a', 'a.id', 'rfi.application_id')
          .where(inScope(scope))
          .where('rfi.status', '=', 'pending')
          .select([
            (eb) => eb.fn.countAll<string>().as('open'),
            sql<string>`count(*) filter (where rfi.due_date < ${today}::date and rfi.responded_at is null)`.as(
              'overdue',
            ),
          ])
          .executeTakeFirstOrThrow(),
      ]);
      const counts = (rows: { key: string; count: string }[]) =>
        rows.map((row) => ({ key: row.key, count: Number(row.count) }));
      return {
        total: Number(summary.total),
        byStatus: counts(byStatus),
        byCounty: counts(byCounty),
        byProviderType: counts(byProviderType),
        medianDaysToDecision: summary.median === null ? null : Number(summary.median),
        decided: Number(summary.decided),
        overdue: Number(summary.overdue),
        rfisOpen: Number(rfis.open),
        rfisOverdue: Number(rfis.overdue),
      };
    },
  };
}
export type StatisticsRepository = ReturnType<typeof createStatisticsRepository>;

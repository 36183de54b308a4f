import type { StaffRenewalQuery } from '@ccap/contracts';
import { type Kysely, type OrderByModifiers, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { inScope, type StaffScope } from './staff-scope';

const SORT_COLUMNS = {
  applicationId: 'a.id',
  providerName: 'a.provider_name',
  county: 'a.county',
  status: 'a.status',
  endsOn: 'r.ends_on',
  submittedAt: 'a.submitted_at',
} as const;

/**
 * The staff queue's "renewal" kind (ADR 117): the renewal applications of the caller's scope
 * (the same scope as every application's), each with the record's last day and days left.
 */
export function createRenewalQueueRepository(db: Kysely<DB>, today: () => string) {
  return {
    async page(scope: StaffScope, query: StaffRenewalQuery) {
      const day = today();
      let base = db
        .selectFrom('application as a')
        .innerJoin('provider_record as r', 'r.id', 'a.record_id')
        .where('a.kind', '=', 'renewal')
        .where(inScope(scope));
      if (query.status) base = base.where('a.status', '=', query.status);
      if (query.county) base = base.where('a.county', '=', query.county);
      const sortOrder: OrderByModifiers = (ob) => {
        const ordered = query.order === 'desc' ? ob.desc() : ob.asc();
        return query.sort === 'county' ? ordered.nullsLast() : ordered;
      };
      const [rows, count] = await Promise.all([
        base
          .select([
            'a.id',
            'r.application_id',
            'a.provider_name',
            'a.county',
            'a.status',
            sql<string>`to_char(r.ends_on, 'YYYY-MM-DD')`.as('ends_on'),
            sql<number>`(r.ends_on - ${day}::date)`.as('days_left'),
            sql<string>`to_char(a.renewal_sent_on, 'YYYY-MM-DD')`.as('sent_on'),
          ])
          .orderBy(SORT_COLUMNS[query.sort], sortOrder)
          .orderBy('a.id', query.order)
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return {
        total: Number(count.total),
        items: rows.map((row) => ({
          applicationId: Number(row.id),
          recordApplicationId: Number(row.application_id),
          providerName: row.provider_name,
          county: row.county,
          status: row.status,
          endsOn: row.ends_on,
          daysLeft: Number(row.days_left),
          sentOn: row.sent_on,
        })),
      };
    },
  };
}
export type RenewalQueueRepository = ReturnType<typeof createRenewalQueueRepository>;

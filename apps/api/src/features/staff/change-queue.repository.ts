import { type ChangeExportFilters, type ChangePart, changeParts, type StaffChangeQuery } from '@ccap/contracts';
import { type ExpressionBuilder, type Kysely, type OrderByModifiers, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { pendingRfiFigures } from './queue.repository';
import type { StaffScope } from './staff-scope';

const SORT_COLUMNS = {
  changeId: 'c.id',
  providerName: 'a.provider_name',
  county: 'r.county',
  status: 'c.status',
  effectiveDate: 'c.effective_date',
  submittedAt: 'c.submitted_at',
} as const;
const NULLABLE_SORTS: ReadonlySet<keyof typeof SORT_COLUMNS> = new Set(['county', 'submittedAt']);

type ChangeExpression = ExpressionBuilder<
  DB & { c: DB['provider_change']; r: DB['provider_record']; v: DB['provider_record_version'] },
  'c' | 'r' | 'v'
>;

/** County names as staff and applicants type them ("Polk", "polk "), compared as canReadApplication does. */
const countyKey = sql<string>`lower(trim(r.county))`;

/**
 * The scope of the application queue on a change: the record's county among the caller's (any
 * for an administrator), never the caller's own change, never a draft (it is its provider's).
 */
const inChangeScope = (scope: StaffScope) => (eb: ChangeExpression) => {
  const sentByAnother = eb.and([eb('c.status', '!=', 'draft'), eb('c.owner_id', '!=', scope.userId)]);
  if (scope.allCounties) return sentByAnother;
  if (scope.counties.length === 0) return eb.val(false);
  return eb.and([
    sentByAnother,
    eb(
      countyKey,
      'in',
      scope.counties.map((county) => county.trim().toLowerCase()),
    ),
  ]);
};

/**
 * Still to apply and written against a version that is no longer the record's current one
 * (another change was applied first): staff see both before deciding.
 */
const inConflict = (eb: ChangeExpression) =>
  eb.and([eb('c.status', 'in', ['submitted', 'approved']), eb('v.version', '!=', eb.ref('c.based_on_version'))]);

/** What the change queue and its exports filter by (`conflicts` read as a boolean either way). */
export type ChangeFilters = ChangeExportFilters;

const isChangePart = (value: unknown): value is ChangePart => (changeParts as readonly unknown[]).includes(value);

/**
 * The staff queue's "change" kind: the reported changes of the caller's scope, filtered, sorted,
 * paged, each with its pending requests for information counted as the applications' are.
 */
export function createChangeQueueRepository(db: Kysely<DB>, today: () => string, timeZone = 'UTC') {
  /** The start of a program's day (plus `days`), as a moment. */
  const startOfDay = (day: string, days = 0) =>
    sql<Date>`((${day}::date + ${days}::int)::timestamp at time zone ${timeZone})`;

  /** The change queue's filters over the caller's scope: what a page and an export (ADR 110) read. */
  const filtered = (scope: StaffScope, query: ChangeFilters) => {
    let base = db
      .selectFrom('provider_change as c')
      .innerJoin('provider_record as r', 'r.id', 'c.record_id')
      .innerJoin('application as a', 'a.id', 'r.application_id')
      // The record's current version: one row per record (provider_record_version_current_idx).
      .innerJoin('provider_record_version as v', (join) =>
        join.onRef('v.record_id', '=', 'c.record_id').on('v.valid_to', 'is', null),
      )
      .where(inChangeScope(scope));
    if (query.status) base = base.where('c.status', '=', query.status);
    if (query.county) base = base.where(countyKey, '=', query.county.trim().toLowerCase());
    if (query.part) base = base.where(sql<boolean>`c.parts @> ${JSON.stringify([query.part])}::jsonb`);
    if (query.effectiveFrom) base = base.where('c.effective_date', '>=', sql<Date>`${query.effectiveFrom}::date`);
    if (query.effectiveTo) base = base.where('c.effective_date', '<=', sql<Date>`${query.effectiveTo}::date`);
    if (query.conflicts) base = base.where(inConflict);
    if (query.submittedFrom) base = base.where('c.submitted_at', '>=', startOfDay(query.submittedFrom));
    if (query.submittedTo) base = base.where('c.submitted_at', '<', startOfDay(query.submittedTo, 1));
    if (query.decidedFrom) base = base.where('c.decided_at', '>=', startOfDay(query.decidedFrom));
    if (query.decidedTo) base = base.where('c.decided_at', '<', startOfDay(query.decidedTo, 1));
    return base;
  };

  /** The changes' pending RFIs as `q` (count, next due day): a probe of the change's index each. */
  const withPendingRfis = (base: ReturnType<typeof filtered>) =>
    base.leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('rfi')
          .select(pendingRfiFigures())
          .where('rfi.status', '=', 'pending')
          .whereRef('rfi.change_id', '=', 'c.id')
          .as('q'),
      (join) => join.onTrue(),
    );

  return {
    async page(scope: StaffScope, query: StaffChangeQuery) {
      const base = filtered(scope, query);

      const sortOrder: OrderByModifiers = (ob) => {
        const ordered = query.order === 'desc' ? ob.desc() : ob.asc();
        return NULLABLE_SORTS.has(query.sort) ? ordered.nullsLast() : ordered;
      };
      const [rows, count] = await Promise.all([
        withPendingRfis(base)
          .select((eb) => [
            'c.id',
            'r.application_id',
            'a.provider_name',
            'r.county',
            'c.status',
            'c.parts',
            sql<string>`to_char(c.effective_date, 'YYYY-MM-DD')`.as('effective_date'),
            'c.submitted_at',
            'c.decided_at',
            'c.decided_by',
            inConflict(eb).as('conflict'),
            'q.open_count',
            'q.next_due',
          ])
          .orderBy(SORT_COLUMNS[query.sort], sortOrder)
          .orderBy('c.id', query.order)
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      const day = today();
      return {
        total: Number(count.total),
        items: rows.map((row) => ({
          changeId: row.id,
          applicationId: row.application_id,
          providerName: row.provider_name,
          county: row.county,
          status: row.status,
          parts: row.parts.filter(isChangePart),
          effectiveDate: row.effective_date,
          submittedAt: row.submitted_at?.toISOString() ?? null,
          decidedAt: row.decided_at?.toISOString() ?? null,
          conflict: Boolean(row.conflict),
          appliedWithoutReview: row.status === 'applied' && row.decided_by === null,
          openRfiCount: Number(row.open_count ?? 0),
          nextRfiDueAt: row.next_due ?? null,
          rfiOverdue: row.next_due !== null && row.next_due < day,
        })),
      };
    },

    /** How many changes the filters match in the caller's scope. */
    async count(scope: StaffScope, filters: ChangeFilters): Promise<number> {
      const row = await filtered(scope, filters)
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** The next `limit` changes the filters match after `afterId`, by id (keyset paging), as an export writes them. */
    async exportBatch(scope: StaffScope, filters: ChangeFilters, afterId: number, limit: number) {
      const rows = await withPendingRfis(filtered(scope, filters))
        .where('c.id', '>', afterId)
        .select([
          'c.id',
          'r.application_id',
          'a.provider_name',
          'r.county',
          'c.status',
          'c.parts',
          sql<string>`to_char(c.effective_date, 'YYYY-MM-DD')`.as('effective_date'),
          'c.submitted_at',
          'c.decided_at',
          'q.open_count',
        ])
        .orderBy('c.id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: Number(row.id),
        applicationId: Number(row.application_id),
        providerName: row.provider_name,
        county: row.county,
        status: row.status,
        parts: row.parts.filter(isChangePart),
        effectiveDate: row.effective_date,
        submittedAt: row.submitted_at,
        decidedAt: row.decided_at,
        openRfiCount: Number(row.open_count ?? 0),
      }));
    },
  };
}
export type ChangeQueueRepository = ReturnType<typeof createChangeQueueRepository>;

import {
  type ApplicationExportFilters,
  isStatusIn,
  type ProviderType,
  type StaffQueueQuery,
  undecidedStatuses,
} from '@ccap/contracts';
import { type Kysely, type OrderByModifiers, sql } from 'kysely';
import { likePattern } from '../../db/like-pattern';
import type { DB } from '../../db/schema';
import { programDay } from '../program/program-day';
import { daysWaiting, isOverdue, waitEndedAt } from './days-waiting';
import { type AppExpression, inScope, type StaffScope } from './staff-scope';
import { assigneeOf } from './staff-views';

/**
 * The sort by days waiting: submission minus the end of the wait (`waitEndedAt`, or now), the
 * wait negated, so that "longest waiting first" is ascending like the oldest submission first
 * and ties go by id the same way. It orders the undecided by submission, but a decided or
 * withdrawn application by the wait it had: no index serves it (ADR 077). The
 * page's ids and its rows are chosen in one statement, so both read the same now().
 */
const waitedSort = sql<string>`a.submitted_at - coalesce(a.decided_at, a.withdrawn_at, now())`;

const SORT_COLUMNS = {
  applicationId: 'a.id',
  providerName: 'a.provider_name',
  providerType: 'a.provider_type',
  county: 'a.county',
  status: 'a.status',
  submittedAt: 'a.submitted_at',
  // Longest waiting first is the smallest (most negative) waitedSort.
  daysWaiting: waitedSort,
  assignee: 'u.name',
  nextRfiDueAt: 'r.next_due',
} as const;
/**
 * Sort keys that can be null, which sort last either way. The others are NOT NULL columns and
 * are ordered without a NULLS clause: the same rows in the same order, but the plain order is
 * the one a btree index gives (read backwards for descending), so the planner can use it.
 */
const NULLABLE_SORTS: ReadonlySet<keyof typeof SORT_COLUMNS> = new Set(['county', 'assignee', 'nextRfiDueAt']);

/**
 * Over an application's pending requests for information: how many, and the nearest due date
 * of those not answered yet. An answered one waits for staff, not for its due date (as the
 * dashboard and the reminders count, ADR 049): it is never past due.
 */
export const pendingRfiFigures = () => [
  sql<string>`count(*)`.as('open_count'),
  sql<string | null>`to_char(min(rfi.due_date) filter (where rfi.responded_at is null), 'YYYY-MM-DD')`.as('next_due'),
];

/** What the queue and its exports filter by. */
export type QueueFilters = ApplicationExportFilters;

/** What a queue row and an export row both show of an application (the wait comes from the dates). */
const LISTED_COLUMNS = [
  'a.id',
  'a.provider_name',
  'a.provider_type',
  'a.county',
  'a.status',
  'a.submitted_at',
  'a.decided_at',
  'a.withdrawn_at',
] as const;

/** The review queue: the applications of the staff member's scope, filtered, sorted and paged. */
export function createQueueRepository(db: Kysely<DB>, timeZone = 'UTC') {
  /** Today where the program is: an RFI due today is past due once today has ended there. */
  const today = (now = new Date()) => programDay(timeZone, now);

  /**
   * The queue's filters over the caller's scope: what a page and an export (ADR 110) both read.
   * Joins the assignee (u) and the pending requests for information (r).
   */
  const filtered = (scope: StaffScope, query: QueueFilters) => {
    let base = db
      .selectFrom('application as a')
      .leftJoin('app_user as u', 'u.id', 'a.assignee_id')
      // Pending requests for information per application: few rows (a partial index), one hash join.
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('rfi')
            .select(['rfi.application_id', ...pendingRfiFigures()])
            .where('rfi.status', '=', 'pending')
            .groupBy('rfi.application_id')
            .as('r'),
        (join) => join.onRef('r.application_id', '=', 'a.id'),
      )
      .where(inScope(scope))
      // Renewals have their own queue (ADR 121); this one, its exports and bulk actions are new applications.
      .where('a.kind', '=', 'new');
    if (query.status) base = base.where('a.status', '=', query.status);
    if (query.county) base = base.where('a.county', '=', query.county);
    if (query.providerType) base = base.where('a.provider_type', '=', query.providerType);
    if (query.assignee === 'none') base = base.where('a.assignee_id', 'is', null);
    else if (query.assignee) {
      base = base.where('a.assignee_id', '=', query.assignee === 'me' ? scope.userId : query.assignee);
    }
    if (query.rfi === 'open') base = base.where('r.application_id', 'is not', null);
    else if (query.rfi === 'overdue') base = base.where('r.next_due', '<', today());
    const search = query.search?.replace(/^#/, '');
    if (search) {
      const byName = (eb: AppExpression) => eb('a.provider_name', 'ilike', likePattern(search));
      base = /^\d{1,15}$/.test(search)
        ? base.where((eb) => eb.or([eb('a.id', '=', Number(search)), byName(eb)]))
        : base.where(byName);
    }
    if (query.submittedFrom) base = base.where('a.submitted_at', '>=', startOfDay(query.submittedFrom));
    if (query.submittedTo) base = base.where('a.submitted_at', '<', startOfDay(query.submittedTo, 1));
    if (query.decidedFrom) base = base.where('a.decided_at', '>=', startOfDay(query.decidedFrom));
    if (query.decidedTo) base = base.where('a.decided_at', '<', startOfDay(query.decidedTo, 1));
    return base;
  };
  /** The start of a program's day (plus `days`), as a moment. */
  const startOfDay = (day: string, days = 0) =>
    sql<Date>`((${day}::date + ${days}::int)::timestamp at time zone ${timeZone})`;

  return {
    /**
     * One page of the queue with the filters, and how many match in all. The page's ids are
     * chosen first, joining only what the filters and the sort read (the planner drops the
     * other joins), so a sort an index serves reads just the page from that index; the
     * columns, the assignee and the pending requests for information are then fetched for
     * those rows only.
     */
    async page(scope: StaffScope, query: StaffQueueQuery) {
      const base = filtered(scope, query);
      const direction = (query.sort === 'daysWaiting' ? query.order === 'asc' : query.order === 'desc')
        ? 'desc'
        : 'asc';
      // Among undecided applications alone every wait runs to now, so the order by days waiting is
      // the order by submission, which application_submitted_idx serves without sorting them all.
      const waitingOnly = query.status !== undefined && isStatusIn(undecidedStatuses, query.status);
      const sortKey = query.sort === 'daysWaiting' && waitingOnly ? SORT_COLUMNS.submittedAt : SORT_COLUMNS[query.sort];
      const sortOrder: OrderByModifiers = (ob) => {
        const ordered = direction === 'desc' ? ob.desc() : ob.asc();
        return NULLABLE_SORTS.has(query.sort) ? ordered.nullsLast() : ordered;
      };
      const page = base
        .select('a.id')
        .orderBy(sortKey, sortOrder)
        .orderBy('a.id', direction)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      const [rows, count] = await Promise.all([
        db
          .selectFrom(page.as('p'))
          .innerJoin('application as a', 'a.id', 'p.id')
          .leftJoin('app_user as u', 'u.id', 'a.assignee_id')
          // The same figures as r above, for one application: a probe of the partial index.
          .leftJoinLateral(
            (eb) =>
              eb
                .selectFrom('rfi')
                .select(pendingRfiFigures())
                .where('rfi.status', '=', 'pending')
                .whereRef('rfi.application_id', '=', 'a.id')
                .as('r'),
            (join) => join.onTrue(),
          )
          .select([
            ...LISTED_COLUMNS,
            'a.version',
            'a.assignee_id',
            'u.name as assignee_name',
            'r.open_count',
            'r.next_due',
          ])
          // The page keeps the order it was chosen in: the same keys over the same values.
          .orderBy(sortKey, sortOrder)
          .orderBy('a.id', direction)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      const now = new Date();
      const day = today(now);
      return {
        total: Number(count.total),
        items: rows.map((row) => ({
          applicationId: row.id,
          providerName: row.provider_name,
          providerType: row.provider_type as ProviderType,
          county: row.county,
          status: row.status,
          submittedAt: row.submitted_at.toISOString(),
          daysWaiting: daysWaiting(row.submitted_at, waitEndedAt(row), now),
          overdue: isOverdue(row.status, row.submitted_at, now),
          openRfiCount: Number(row.open_count ?? 0),
          nextRfiDueAt: row.next_due ?? null,
          rfiOverdue: row.next_due !== null && row.next_due < day,
          assignee: assigneeOf(row),
          version: row.version,
        })),
      };
    },

    /** How many applications the filters match in the caller's scope. */
    async count(scope: StaffScope, filters: QueueFilters): Promise<number> {
      const row = await filtered(scope, filters)
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /**
     * The next `limit` applications the filters match after `afterId`, by id (keyset paging: each
     * batch an index range, whatever the depth), with what an export writes of them.
     */
    async exportBatch(scope: StaffScope, filters: QueueFilters, afterId: number, limit: number) {
      const rows = await filtered(scope, filters)
        .where('a.id', '>', afterId)
        .select([
          ...LISTED_COLUMNS,
          'a.application_json',
          'a.data_key',
          'u.name as assignee_name',
          'r.open_count',
          'r.next_due',
        ])
        .orderBy('a.id')
        .limit(limit)
        .execute();
      const now = new Date();
      return rows.map((row) => ({
        id: Number(row.id),
        providerName: row.provider_name,
        providerType: row.provider_type,
        county: row.county,
        status: row.status,
        submittedAt: row.submitted_at,
        decidedAt: row.decided_at,
        daysWaiting: daysWaiting(row.submitted_at, waitEndedAt(row), now),
        assignee: row.assignee_name,
        openRfiCount: Number(row.open_count ?? 0),
        nextRfiDueAt: row.next_due ?? null,
        answers: row.application_json,
        dataKey: row.data_key,
      }));
    },
  };
}
export type QueueRepository = ReturnType<typeof createQueueRepository>;

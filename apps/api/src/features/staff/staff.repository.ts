import {
  type ProviderType,
  REVIEW_TARGET_DAYS,
  type StaffAction,
  type StaffQueueQuery,
  type SubmittedStatus,
  staffTransitions,
  statusesOpenForDocuments,
  undecidedStatuses,
} from '@ccap/contracts';
import { type ExpressionBuilder, type Kysely, type OrderByModifiers, type Selectable, sql } from 'kysely';
import type { AuditLogTable, DB } from '../../db/schema';
import type { AuditRepository } from '../audit/audit.repository';
import type { PortalUser } from '../identity/users.repository';
import type { Notifier } from '../notifications/notifier';
import { programDay } from '../program/program-day';
import { publishToProviderDirectory } from './provider-directory';

const DAY_MS = 86_400_000;

/**
 * When an application stopped waiting: its decision, or its withdrawal (migration 0019); null
 * while it waits. The queue's sort by days waiting reads the same (`waitedSort`).
 */
export const waitEndedAt = (row: { decided_at: Date | null; withdrawn_at: Date | null }): Date | null =>
  row.decided_at ?? row.withdrawn_at;

/** Whole days from submission to the end of the wait (`waitEndedAt`), or to now while it lasts. */
export function daysWaiting(submittedAt: Date, endedAt: Date | null, now = new Date()): number {
  return Math.max(0, Math.floor(((endedAt ?? now).getTime() - submittedAt.getTime()) / DAY_MS));
}

/** Undecided and past the review target (REVIEW_TARGET_DAYS) since submission. */
export function isOverdue(status: SubmittedStatus, submittedAt: Date, now = new Date()): boolean {
  return (
    (undecidedStatuses as readonly string[]).includes(status) &&
    daysWaiting(submittedAt, null, now) > REVIEW_TARGET_DAYS
  );
}

/** The applications a staff member works on: every county for an administrator, else their own. */
export interface StaffScope {
  userId: string;
  allCounties: boolean;
  counties: string[];
}
export const scopeOf = (user: PortalUser): StaffScope => ({
  userId: user.id,
  allCounties: user.roles.includes('administrator'),
  counties: user.counties,
});

type AppExpression = ExpressionBuilder<DB & { a: DB['application'] }, 'a'>;
const inScope = (scope: StaffScope) => (eb: AppExpression) => {
  // Nobody reviews their own application.
  const notOwn = eb('a.owner_id', '!=', scope.userId);
  if (scope.allCounties) return notOwn;
  if (scope.counties.length === 0) return eb.val(false);
  return eb.and([notOwn, eb('a.county', 'in', scope.counties)]);
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/**
 * The sort by days waiting: submission minus the end of the wait (`waitEndedAt`, or now), the
 * wait negated, so that "longest waiting first" is ascending like the oldest submission first
 * and ties go by id the same way. It orders the undecided by submission, but a decided or
 * withdrawn application by the wait it had: no index serves it (ADR 044's amendment). The
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
const pendingRfiFigures = () => [
  sql<string>`count(*)`.as('open_count'),
  sql<string | null>`to_char(min(rfi.due_date) filter (where rfi.responded_at is null), 'YYYY-MM-DD')`.as('next_due'),
];

export type AuditRow = Selectable<AuditLogTable>;

export type ChangeOutcome<T> =
  | { outcome: 'done'; value: T }
  | { outcome: 'not-found' }
  | { outcome: 'conflict'; currentVersion: number; changedAt: Date }
  | { outcome: 'invalid'; status: SubmittedStatus }
  | { outcome: 'closed'; status: SubmittedStatus };

interface Actor {
  id: string;
  label: string;
  requestId: string;
}

export function createStaffRepository(db: Kysely<DB>, audit: AuditRepository, notifier: Notifier, timeZone = 'UTC') {
  /** Today where the program is: an RFI due today is past due once today has ended there. */
  const today = (now = new Date()) => programDay(timeZone, now);
  const assigneeOf = (row: { assignee_id: string | null; assignee_name: string | null }) =>
    row.assignee_id ? { id: row.assignee_id, name: row.assignee_name ?? '' } : null;

  /** Locks the application and checks the version the caller saw. */
  const lockForChange = async (trx: Kysely<DB>, applicationId: number, version: number) => {
    const row = await trx
      .selectFrom('application')
      .selectAll()
      .where('id', '=', applicationId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { outcome: 'not-found' as const };
    if (row.version !== version) {
      return { outcome: 'conflict' as const, currentVersion: row.version, changedAt: row.updated_at };
    }
    return { outcome: 'locked' as const, row };
  };

  const changeAnswer = async (trx: Kysely<DB>, applicationId: number) => {
    const row = await trx
      .selectFrom('application as a')
      .leftJoin('app_user as u', 'u.id', 'a.assignee_id')
      .select(['a.id', 'a.status', 'a.version', 'a.assignee_id', 'u.name as assignee_name'])
      .where('a.id', '=', applicationId)
      .executeTakeFirstOrThrow();
    return { applicationId: row.id, status: row.status, version: row.version, assignee: assigneeOf(row) };
  };

  /**
   * Locks the application's row (before any of its documents', the order every writer takes)
   * and answers it while its documents can still change; undefined once it is decided. The
   * route checked the status already, but a decision may have landed since.
   */
  const lockOpenForDocuments = async (trx: Kysely<DB>, applicationId: number) => {
    const row = await trx
      .selectFrom('application')
      .select(['status', 'owner_id'])
      .where('id', '=', applicationId)
      .forUpdate()
      .executeTakeFirst();
    return row && (statusesOpenForDocuments as readonly string[]).includes(row.status) ? row : undefined;
  };

  /**
   * DESIGN.md section 6: a decision or a withdrawal ends the wait for information. The requests
   * still pending are completed with it, each audited with why, so the applicant is no longer
   * asked to answer (nor reminded), and the queue and the statistics no longer count them open.
   */
  const closePendingRfis = async (trx: Kysely<DB>, applicationId: number, status: SubmittedStatus, actor: Actor) => {
    if ((undecidedStatuses as readonly string[]).includes(status)) return;
    const closed = await trx
      .updateTable('rfi')
      .set({ status: 'completed', completed_by: actor.id, completed_at: new Date() })
      .where('application_id', '=', applicationId)
      .where('status', '=', 'pending')
      .returning('id')
      .execute();
    for (const rfi of closed) {
      await audit.record(
        {
          actorId: actor.id,
          actorLabel: actor.label,
          action: 'rfi.completed',
          entityType: 'rfi',
          entityId: String(rfi.id),
          before: { status: 'pending' },
          after: { applicationId, status: 'completed' },
          reason:
            status === 'withdrawn'
              ? 'Closed with the application, which was withdrawn'
              : `Closed by the decision on the application (${status})`,
          requestId: actor.requestId,
        },
        trx,
      );
    }
  };

  return {
    /**
     * One page of the queue with the filters, and how many match in all. The page's ids are
     * chosen first, joining only what the filters and the sort read (the planner drops the
     * other joins), so a sort an index serves reads just the page from that index; the
     * columns, the assignee and the pending requests for information are then fetched for
     * those rows only.
     */
    async queue(scope: StaffScope, query: StaffQueueQuery) {
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
        .where(inScope(scope));
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
      const direction = (query.sort === 'daysWaiting' ? query.order === 'asc' : query.order === 'desc')
        ? 'desc'
        : 'asc';
      // Among undecided applications alone every wait runs to now, so the order by days waiting is
      // the order by submission, which application_submitted_idx serves without sorting them all.
      const waitingOnly = query.status !== undefined && (undecidedStatuses as readonly string[]).includes(query.status);
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
            'a.id',
            'a.provider_name',
            'a.provider_type',
            'a.county',
            'a.status',
            'a.submitted_at',
            'a.decided_at',
            'a.withdrawn_at',
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

    /** The application with its assignee, whoever asks: the route decides who may see it. */
    async find(applicationId: number) {
      return db
        .selectFrom('application as a')
        .leftJoin('app_user as u', 'u.id', 'a.assignee_id')
        .selectAll('a')
        .select('u.name as assignee_name')
        .where('a.id', '=', applicationId)
        .executeTakeFirst();
    },

    /** Every audit row about the application and its parts (documents, RFIs), oldest first. */
    async trail(applicationId: number): Promise<AuditRow[]> {
      const id = String(applicationId);
      return db
        .selectFrom('audit_log')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb('entity_type', '=', 'application'), eb('entity_id', '=', id)]),
            eb(sql<string>`after->>'applicationId'`, '=', id),
          ]),
        )
        .orderBy('id')
        .execute();
    },

    async changeStatus(input: {
      applicationId: number;
      action: StaffAction;
      version: number;
      reason: string | undefined;
      actor: Actor;
    }) {
      return db.transaction().execute(async (trx) => {
        const locked = await lockForChange(trx, input.applicationId, input.version);
        if (locked.outcome !== 'locked') return locked;
        const { row } = locked;
        const transition = staffTransitions[input.action];
        if (!(transition.from as readonly string[]).includes(row.status)) {
          return { outcome: 'invalid' as const, status: row.status };
        }
        const decided = input.action === 'approve' || input.action === 'deny';
        const now = new Date();
        await trx
          .updateTable('application')
          .set({
            status: transition.to,
            version: row.version + 1,
            updated_at: now,
            // Either ends the wait; only a decision counts in the decision-time statistics.
            ...(decided ? { decided_at: now } : {}),
            ...(input.action === 'withdraw' ? { withdrawn_at: now } : {}),
          })
          .where('id', '=', row.id)
          .execute();
        await closePendingRfis(trx, row.id, transition.to, input.actor);
        const directory =
          input.action === 'approve'
            ? await publishToProviderDirectory(trx, {
                id: row.id,
                answers: row.application_json,
              })
            : undefined;
        await audit.record(
          {
            actorId: input.actor.id,
            actorLabel: input.actor.label,
            action: `application.${input.action}`,
            entityType: 'application',
            entityId: String(row.id),
            before: { status: row.status, version: row.version },
            after: { status: transition.to, version: row.version + 1, ...(directory ? { directory } : {}) },
            reason: input.reason ?? null,
            requestId: input.actor.requestId,
          },
          trx,
        );
        await notifier.notify(trx, {
          userId: row.owner_id,
          event: decided ? 'decisionMade' : 'statusChanged',
          applicationId: row.id,
          status: transition.to,
          links: [{ kind: 'application', href: '/dashboard' }],
        });
        return { outcome: 'done' as const, value: await changeAnswer(trx, row.id) };
      });
    },

    /**
     * Takes the application (assignee = the actor) or gives it back (null), while it is still
     * undecided: a decided or withdrawn one is 'closed', checked under the row's lock so a
     * decision cannot slip in between the check and the write.
     */
    async assign(input: { applicationId: number; assigneeId: string | null; version: number; actor: Actor }) {
      return db.transaction().execute(async (trx) => {
        const locked = await lockForChange(trx, input.applicationId, input.version);
        if (locked.outcome !== 'locked') return locked;
        const { row } = locked;
        if (!(undecidedStatuses as readonly string[]).includes(row.status)) {
          return { outcome: 'closed' as const, status: row.status };
        }
        await trx
          .updateTable('application')
          .set({ assignee_id: input.assigneeId, version: row.version + 1, updated_at: new Date() })
          .where('id', '=', row.id)
          .execute();
        await audit.record(
          {
            actorId: input.actor.id,
            actorLabel: input.actor.label,
            action: 'application.assigned',
            entityType: 'application',
            entityId: String(row.id),
            before: { assigneeId: row.assignee_id, version: row.version },
            after: { assigneeId: input.assigneeId, version: row.version + 1 },
            requestId: input.actor.requestId,
          },
          trx,
        );
        return { outcome: 'done' as const, value: await changeAnswer(trx, row.id) };
      });
    },

    /** Asks the applicant for one more document; it joins the required list. */
    async requestDocument(input: { applicationId: number; documentName: string; description: string; actor: Actor }) {
      return db.transaction().execute(async (trx) => {
        const application = await lockOpenForDocuments(trx, input.applicationId);
        if (!application) return 'closed' as const;
        const row = await trx
          .insertInto('application_document')
          .values({
            application_id: input.applicationId,
            code: 'staff-request',
            document_name: input.documentName,
            description: input.description,
            requested_by: input.actor.id,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit.record(
          {
            actorId: input.actor.id,
            actorLabel: input.actor.label,
            action: 'document.requested',
            entityType: 'application_document',
            entityId: String(row.id),
            after: {
              applicationId: input.applicationId,
              documentName: row.document_name,
              description: row.description,
            },
            requestId: input.actor.requestId,
          },
          trx,
        );
        await notifier.notify(trx, {
          userId: application.owner_id,
          event: 'documentsRequired',
          template: 'documentRequested',
          applicationId: input.applicationId,
          values: { document: row.document_name, description: row.description },
          links: [{ kind: 'documents', href: `/documents/${input.applicationId}` }],
        });
        return row;
      });
    },

    /**
     * Waives a required document with a reason; undefined when it is not this application's,
     * 'closed' when the application has been decided.
     */
    async waiveDocument(input: { applicationId: number; documentId: number; reason: string; actor: Actor }) {
      return db.transaction().execute(async (trx) => {
        if (!(await lockOpenForDocuments(trx, input.applicationId))) return 'closed' as const;
        const before = await trx
          .selectFrom('application_document')
          .selectAll()
          .where('id', '=', input.documentId)
          .where('application_id', '=', input.applicationId)
          .forUpdate()
          .executeTakeFirst();
        if (!before) return undefined;
        const row = await trx
          .updateTable('application_document')
          .set({ is_waived: true, waive_reason: input.reason, waived_by: input.actor.id, waived_at: new Date() })
          .where('id', '=', before.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit.record(
          {
            actorId: input.actor.id,
            actorLabel: input.actor.label,
            action: 'document.waived',
            entityType: 'application_document',
            entityId: String(row.id),
            before: { isWaived: before.is_waived },
            after: { applicationId: input.applicationId, documentName: row.document_name, isWaived: true },
            reason: input.reason,
            requestId: input.actor.requestId,
          },
          trx,
        );
        return row;
      });
    },

    async statistics(scope: StaffScope) {
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
            sql<string>`count(*) filter (where a.status in ('submitted', 'in-review', 'information-requested') and a.submitted_at < now() - make_interval(days => ${REVIEW_TARGET_DAYS}))`.as(
              'overdue',
            ),
          ])
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('rfi')
          .innerJoin('application as a', 'a.id', 'rfi.application_id')
          .where(inScope(scope))
          .where('rfi.status', '=', 'pending')
          .select([
            (eb) => eb.fn.countAll<string>().as('open'),
            sql<string>`count(*) filter (where rfi.due_date < ${today()}::date and rfi.responded_at is null)`.as(
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

    /** Administrators' search over the whole audit trail, newest first. */
    async searchAudit(query: {
      action?: string;
      entityType?: string;
      entityId?: string;
      actor?: string;
      from?: string;
      to?: string;
      page: number;
      pageSize: number;
    }) {
      let base = db.selectFrom('audit_log');
      if (query.action) base = base.where('action', 'ilike', likePattern(query.action));
      if (query.entityType) base = base.where('entity_type', '=', query.entityType);
      if (query.entityId) {
        const id = query.entityId;
        base = base.where((eb) => eb.or([eb('entity_id', '=', id), eb(sql<string>`after->>'applicationId'`, '=', id)]));
      }
      if (query.actor) base = base.where('actor_label', 'ilike', likePattern(query.actor));
      if (query.from) base = base.where('occurred_at', '>=', new Date(`${query.from}T00:00:00Z`));
      if (query.to) base = base.where('occurred_at', '<', new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS));
      const [items, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('id', 'desc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items, total: Number(count.total) };
    },
  };
}
export type StaffRepository = ReturnType<typeof createStaffRepository>;

import {
  type Availability,
  type Closure,
  OPENINGS_STALE_AFTER_DAYS,
  type OpeningAgeGroup,
  type ParsedClosureInput,
} from '@ccap/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { LocaleCode } from '../application/pdf/labels';
import type { Actor, createAuditRepository } from '../audit/audit.repository';
import type { Notice, NoticeTemplate } from '../notifications/notifier';
import { countyWorkers, longDate } from './notice-helpers';

type Audit = ReturnType<typeof createAuditRepository>;

/** The approved provider an availability belongs to: its application, as access checks read it. */
export interface AvailabilityOwner {
  id: number;
  ownerId: string;
  county: string | null;
  status: string;
  providerName: string;
}

const asDay = (iso: string) => sql<Date>`${iso}::date`;
const day = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** What a closure is, as read back: its days as ISO days. */
const closureColumns = [
  'id',
  'kind',
  day('starts_on').as('starts_on'),
  day('ends_on').as('ends_on'),
  'reason',
  'cancelled_at',
] as const;

function stateOf(row: { starts_on: string; ends_on: string | null; cancelled_at: Date | null }, today: string) {
  if (row.cancelled_at) return 'cancelled' as const;
  if (row.starts_on > today) return 'upcoming' as const;
  if (row.ends_on !== null && row.ends_on < today) return 'past' as const;
  return 'in-force' as const;
}

/**
 * An approved provider's closures and openings (ADR 102). Every write locks the application's
 * row first (ADR 079), so two closures sent at once cannot both pass the overlap check, and
 * records its audit entry and notices in its transaction (ADR 063).
 */
export function createAvailabilityRepository(db: Kysely<DB>, audit: Audit) {
  const ownerOf = async (executor: Kysely<DB> | Transaction<DB>, applicationId: number, lock = false) => {
    let query = executor
      .selectFrom('application')
      .select(['id', 'owner_id', 'county', 'status', 'provider_name', 'assignee_id'])
      .where('id', '=', applicationId);
    if (lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row;
  };

  async function read(executor: Kysely<DB> | Transaction<DB>, applicationId: number, today: string) {
    const application = await ownerOf(executor, applicationId);
    if (!application) return undefined;
    const [closures, openings, listing] = await Promise.all([
      executor
        .selectFrom('provider_closure')
        .select([...closureColumns, 'recorded_at'])
        .where('application_id', '=', applicationId)
        .orderBy('starts_on', 'desc')
        .orderBy('id', 'desc')
        .execute(),
      executor
        .selectFrom('provider_opening')
        .select([
          'age_group',
          'openings',
          day('updated_on').as('updated_on'),
          sql<boolean>`updated_on < ${today}::date - ${OPENINGS_STALE_AFTER_DAYS}::int`.as('stale'),
        ])
        .where('application_id', '=', applicationId)
        .orderBy('age_group')
        .execute(),
      executor.selectFrom('provider').select('id').where('application_id', '=', applicationId).executeTakeFirst(),
    ]);
    const listed: Closure[] = closures.map((row) => ({
      closureId: Number(row.id),
      kind: row.kind,
      startsOn: row.starts_on,
      endsOn: row.ends_on,
      reason: row.reason,
      recordedAt: row.recorded_at.toISOString(),
      cancelledAt: row.cancelled_at ? row.cancelled_at.toISOString() : null,
      state: stateOf(row, today),
    }));
    const availability: Availability = {
      applicationId: Number(application.id),
      providerName: application.provider_name,
      county: application.county,
      listed: listing !== undefined,
      closedToday: listed.some((closure) => closure.state === 'in-force'),
      closedForGood: listed.some((closure) => closure.kind === 'permanent' && closure.state === 'in-force'),
      closures: listed,
      openings: openings.map((row) => ({
        ageGroup: row.age_group,
        count: row.openings,
        updatedOn: row.updated_on,
        stale: row.stale,
      })),
    };
    return { application, availability };
  }

  /**
   * Who is told of a closure recorded or cancelled: the provider, and staff (not the one acting):
   * for a permanent closure the county's service workers, for a temporary one the worker
   * assigned to the application, if any.
   */
  const closureNotices = async (
    trx: Transaction<DB>,
    application: NonNullable<Awaited<ReturnType<typeof ownerOf>>>,
    closure: { kind: 'temporary' | 'permanent'; startsOn: string; endsOn: string | null; reason: string },
    actor: Actor,
    templates: { provider: NoticeTemplate; staff: NoticeTemplate },
  ): Promise<Notice[]> => {
    const id = Number(application.id);
    const valuesIn = (lang: LocaleCode) => ({
      from: longDate(lang, closure.startsOn),
      ...(closure.endsOn ? { to: longDate(lang, closure.endsOn) } : {}),
    });
    const values = { reason: closure.reason, provider: application.provider_name };
    const staff =
      closure.kind === 'permanent'
        ? await countyWorkers(trx, application.county)
        : application.assignee_id
          ? [application.assignee_id]
          : [];
    return [
      {
        userId: application.owner_id,
        event: 'statusChanged',
        template: templates.provider,
        applicationId: id,
        values,
        valuesIn,
        links: [{ kind: 'availability', href: '/my-provider-record/availability' }],
      },
      ...staff
        .filter((userId) => userId !== actor.id)
        .map((userId): Notice => ({
          userId,
          event: 'statusChanged',
          template: templates.staff,
          applicationId: id,
          values,
          valuesIn,
          links: [{ kind: 'review', href: `/staff/applications/${id}` }],
        })),
    ];
  };

  return {
    /** The signed-in user's most recently approved application, if they have one. */
    async latestApprovedOf(userId: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('application')
        .select('id')
        .where('owner_id', '=', userId)
        .where('status', '=', 'approved')
        .orderBy('decided_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row ? Number(row.id) : undefined;
    },

    /** The application as the access rules read it, or undefined. */
    async find(applicationId: number): Promise<AvailabilityOwner | undefined> {
      const row = await ownerOf(db, applicationId);
      return row
        ? {
            id: Number(row.id),
            ownerId: row.owner_id,
            county: row.county,
            status: row.status,
            providerName: row.provider_name,
          }
        : undefined;
    },

    async availability(applicationId: number, today: string): Promise<Availability | undefined> {
      return (await read(db, applicationId, today))?.availability;
    },

    /**
     * Records a closure: refused when a permanent closure has already begun, or when it
     * overlaps a closure that stands (not cancelled). A permanent closure tells the county's
     * service workers; a temporary one the worker assigned to the application, if any.
     */
    async recordClosure(input: { applicationId: number; closure: ParsedClosureInput; actor: Actor; today: string }) {
      return db.transaction().execute(async (trx) => {
        const application = await ownerOf(trx, input.applicationId, true);
        if (!application || application.status !== 'approved') return { outcome: 'not-found' as const };
        const { kind, startsOn, reason } = input.closure;
        const endsOn = kind === 'temporary' ? (input.closure.endsOn ?? null) : null;
        const standing = trx
          .selectFrom('provider_closure')
          .select(['id', 'kind'])
          .where('application_id', '=', input.applicationId)
          .where('cancelled_at', 'is', null);
        const endedForGood = await standing
          .where('kind', '=', 'permanent')
          .where('starts_on', '<=', asDay(input.today))
          .executeTakeFirst();
        if (endedForGood) return { outcome: 'closed-for-good' as const };
        const overlapping = await standing
          .where((eb) => eb.or([eb('ends_on', 'is', null), eb('ends_on', '>=', asDay(startsOn))]))
          .where((eb) => (endsOn === null ? eb.val(true) : eb('starts_on', '<=', asDay(endsOn))))
          .executeTakeFirst();
        if (overlapping) return { outcome: 'overlap' as const };
        const inserted = await trx
          .insertInto('provider_closure')
          .values({
            application_id: input.applicationId,
            kind,
            starts_on: startsOn,
            ends_on: endsOn,
            reason,
            recorded_by: input.actor.id,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const id = Number(application.id);
        const permanent = kind === 'permanent';
        const notify = await closureNotices(trx, application, { kind, startsOn, endsOn, reason }, input.actor, {
          provider: permanent ? 'closurePermanentRecorded' : 'closureRecorded',
          staff: permanent ? 'closurePermanentStaff' : 'closureRecordedStaff',
        });
        await audit.recordChange(trx, {
          actor: input.actor,
          action: 'provider.closure.recorded',
          entity: { type: 'application', id },
          after: { applicationId: id, closureId: Number(inserted.id), kind, startsOn, endsOn },
          reason,
          notify,
        });
        return { outcome: 'done' as const, value: (await read(trx, id, input.today))!.availability };
      });
    },

    /** Cancels a closure that has not begun; one that has begun (or was cancelled) stays as it is. */
    async cancelClosure(input: { applicationId: number; closureId: number; actor: Actor; today: string }) {
      return db.transaction().execute(async (trx) => {
        const application = await ownerOf(trx, input.applicationId, true);
        if (!application || application.status !== 'approved') return { outcome: 'not-found' as const };
        const closure = await trx
          .selectFrom('provider_closure')
          .select(closureColumns)
          .where('id', '=', input.closureId)
          .where('application_id', '=', input.applicationId)
          .executeTakeFirst();
        if (!closure) return { outcome: 'not-found' as const };
        if (closure.cancelled_at !== null || closure.starts_on <= input.today) return { outcome: 'started' as const };
        await trx
          .updateTable('provider_closure')
          .set({ cancelled_at: new Date(), cancelled_by: input.actor.id })
          .where('id', '=', closure.id)
          .execute();
        const id = Number(application.id);
        await audit.recordChange(trx, {
          actor: input.actor,
          action: 'provider.closure.cancelled',
          entity: { type: 'application', id },
          before: {
            applicationId: id,
            closureId: Number(closure.id),
            kind: closure.kind,
            startsOn: closure.starts_on,
            endsOn: closure.ends_on,
          },
          after: { applicationId: id, closureId: Number(closure.id), cancelled: true },
          notify: await closureNotices(
            trx,
            application,
            { kind: closure.kind, startsOn: closure.starts_on, endsOn: closure.ends_on, reason: closure.reason },
            input.actor,
            { provider: 'closureCancelled', staff: 'closureCancelledStaff' },
          ),
        });
        return { outcome: 'done' as const, value: (await read(trx, id, input.today))!.availability };
      });
    },

    /** Saves the openings given, each dated today (saving the same count again says it is still true). */
    async saveOpenings(input: {
      applicationId: number;
      openings: { ageGroup: OpeningAgeGroup; count: number }[];
      actor: Actor;
      today: string;
    }) {
      return db.transaction().execute(async (trx) => {
        const application = await ownerOf(trx, input.applicationId, true);
        if (!application || application.status !== 'approved') return { outcome: 'not-found' as const };
        const before = await trx
          .selectFrom('provider_opening')
          .select(['age_group', 'openings', day('updated_on').as('updated_on')])
          .where('application_id', '=', input.applicationId)
          .execute();
        await trx
          .insertInto('provider_opening')
          .values(
            input.openings.map((opening) => ({
              application_id: input.applicationId,
              age_group: opening.ageGroup,
              openings: opening.count,
              updated_on: input.today,
              updated_by: input.actor.id,
            })),
          )
          .onConflict((oc) =>
            oc.columns(['application_id', 'age_group']).doUpdateSet((eb) => ({
              openings: eb.ref('excluded.openings'),
              updated_on: eb.ref('excluded.updated_on'),
              updated_by: eb.ref('excluded.updated_by'),
              updated_at: sql`now()`,
            })),
          )
          .execute();
        const id = Number(application.id);
        const asRecord = (rows: { age_group: string; openings: number }[]) =>
          Object.fromEntries(rows.map((row) => [row.age_group, row.openings]));
        await audit.recordChange(trx, {
          actor: input.actor,
          action: 'provider.openings.updated',
          entity: { type: 'application', id },
          before: before.length ? { applicationId: id, openings: asRecord(before) } : null,
          after: {
            applicationId: id,
            openings: asRecord(input.openings.map((row) => ({ age_group: row.ageGroup, openings: row.count }))),
            updatedOn: input.today,
          },
        });
        return { outcome: 'done' as const, value: (await read(trx, id, input.today))!.availability };
      });
    },
  };
}
export type AvailabilityRepository = ReturnType<typeof createAvailabilityRepository>;

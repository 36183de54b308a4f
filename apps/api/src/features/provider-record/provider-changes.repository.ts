import { type ChangeAnswers, type ChangePart, changeParts, type ChangeStatus, parseApplication } from '@ccap/contracts';
import { type Kysely, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import type { FieldCipher } from '../../crypto/field-cipher';
import type { DB } from '../../db/schema';
import type { Actor, AuditRepository, Change } from '../audit/audit.repository';
import type { Notice } from '../notifications/notifier';
import { closePendingRfis, type DecidedSubject } from '../rfi/rfi-subject-decided';
import { withChange } from './change-rules';
import { countyWorkers } from './notice-helpers';
import type { ProviderRecordsRepository } from './provider-records.repository';

type ChangeRow = Omit<Selectable<DB['provider_change']>, 'effective_date'> & { effective_date: string };

/** A reported change as read: its answers in clear (masked only at the route's edge). */
export interface StoredChange {
  id: number;
  recordId: number;
  applicationId: number;
  ownerId: string;
  county: string | null;
  status: ChangeStatus;
  parts: ChangePart[];
  answers: ChangeAnswers;
  basedOnVersion: number;
  effectiveDate: string;
  note: string | null;
  version: number;
  createdAt: Date;
  submittedAt: Date | null;
  decidedAt: Date | null;
  decidedBy: string | null;
  decisionReason: string | null;
  appliedVersion: number | null;
}

export type ChangeOutcome<T> =
  | { outcome: 'done'; value: T }
  | { outcome: 'not-found' }
  | { outcome: 'version-conflict' }
  | { outcome: 'invalid'; status: ChangeStatus }
  | { outcome: 'record-changed'; currentVersion: number };

/** What a draft holds, as its provider writes it. */
interface DraftContent {
  parts: ChangePart[];
  answers: ChangeAnswers;
  effectiveDate: string;
  note: string | null;
  actor: Actor;
}

const isChangePart = (value: unknown): value is ChangePart => (changeParts as readonly unknown[]).includes(value);

/** A change as the RFIs on it name it. */
const changeSubject = (change: { id: number; applicationId: number }): DecidedSubject => ({
  kind: 'change',
  applicationId: change.applicationId,
  changeId: change.id,
});

/**
 * The changes providers report on their records (ADR 101): drafts, sending, withdrawal, staff
 * decisions, and their taking effect as a new version of the record on their day. Every write is
 * version-checked on the change's row and audited in its transaction, with the provider told.
 */
export function createProviderChangesRepository(
  db: Kysely<DB>,
  audit: AuditRepository,
  cipher: FieldCipher,
  records: ProviderRecordsRepository,
) {
  const selectChanges = (executor: Kysely<DB> | Transaction<DB>) =>
    executor
      .selectFrom('provider_change as c')
      .innerJoin('provider_record as r', 'r.id', 'c.record_id')
      .selectAll('c')
      .select([
        'r.application_id',
        'r.county',
        sql<string>`to_char(c.effective_date, 'YYYY-MM-DD')`.as('effective_date'),
      ]);

  const toChange = async (
    row: ChangeRow & { application_id: number; county: string | null },
  ): Promise<StoredChange> => {
    const opened = await cipher.open('provider_change', row.id, row.application_json, row.data_key);
    // The stored answers passed the contract when written; read through it again.
    const parsed = parseApplication({ providerType: 'registeredprovider', ...(opened as object) });
    if (!parsed.success) throw new Error(`The stored answers of change ${row.id} are not a change`);
    const { providerType: _type, draftApplicationId: _draft, conditions: _conditions, ...answers } = parsed.data;
    return {
      id: row.id,
      recordId: row.record_id,
      applicationId: row.application_id,
      ownerId: row.owner_id,
      county: row.county,
      status: row.status,
      parts: row.parts.filter(isChangePart),
      answers,
      basedOnVersion: row.based_on_version,
      effectiveDate: row.effective_date,
      note: row.note,
      version: row.version,
      createdAt: row.created_at,
      submittedAt: row.submitted_at,
      decidedAt: row.decided_at,
      decidedBy: row.decided_by,
      decisionReason: row.decision_reason,
      appliedVersion: row.applied_version,
    };
  };

  const seal = async (trx: Transaction<DB>, id: number, answers: ChangeAnswers) => {
    const sealed = await cipher.seal('provider_change', id, answers);
    return { application_json: JSON.stringify(sealed.answers), data_key: sealed.dataKey, tin_hmac: sealed.tinHmac };
  };

  /** Locks the change; with a version, checks it is the one its caller saw. */
  const lock = async (trx: Transaction<DB>, changeId: number, version?: number) => {
    const row = await selectChanges(trx).where('c.id', '=', changeId).forUpdate('c').executeTakeFirst();
    if (!row) return { outcome: 'not-found' as const };
    if (version !== undefined && row.version !== version) return { outcome: 'version-conflict' as const };
    return { outcome: 'locked' as const, change: await toChange(row) };
  };

  const reread = async (trx: Transaction<DB>, changeId: number) =>
    toChange(await selectChanges(trx).where('c.id', '=', changeId).executeTakeFirstOrThrow());

  /**
   * One step of a change, in its own transaction: the change locked at the version its caller
   * saw and in one of the statuses the step starts from, the step's work, then the change as it
   * now is. The work may refuse with an outcome of its own, and then the step answers that.
   */
  const changeStep = (
    target: { changeId: number; version: number },
    from: readonly ChangeStatus[],
    work: (trx: Transaction<DB>, change: StoredChange) => Promise<ChangeOutcome<never> | undefined>,
  ): Promise<ChangeOutcome<StoredChange>> =>
    db.transaction().execute(async (trx) => {
      const locked = await lock(trx, target.changeId, target.version);
      if (locked.outcome !== 'locked') return locked;
      if (!from.includes(locked.change.status)) return { outcome: 'invalid' as const, status: locked.change.status };
      const refused = await work(trx, locked.change);
      return refused ?? { outcome: 'done' as const, value: await reread(trx, target.changeId) };
    });

  /**
   * Moves a locked change on: its row written with the next version, the move audited under
   * `provider-change.<action>` and, with a notice, its provider told, all in the caller's
   * transaction. Answers the change as it now is.
   */
  const moveChange = async (
    trx: Transaction<DB>,
    change: StoredChange,
    move: {
      set: Omit<Updateable<DB['provider_change']>, 'version' | 'updated_at'>;
      actor: Change['actor'];
      action: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
      reason?: string | null;
      notice?: Pick<Notice, 'event' | 'template' | 'values' | 'status'>;
      /** Others told of the move besides its provider. */
      others?: Notice[];
    },
  ): Promise<StoredChange> => {
    const version = change.version + 1;
    await trx
      .updateTable('provider_change')
      .set({ ...move.set, version, updated_at: new Date() })
      .where('id', '=', change.id)
      .execute();
    await audit.recordChange(trx, {
      actor: move.actor,
      action: `provider-change.${move.action}`,
      entity: { type: 'provider_change', id: change.id },
      before: move.before,
      after: move.after,
      ...(move.reason === undefined ? {} : { reason: move.reason }),
      notify: [
        ...(move.notice
          ? [
              {
                ...move.notice,
                userId: change.ownerId,
                applicationId: change.applicationId,
                values: { change: change.id, ...move.notice.values },
                links: [{ kind: 'application' as const, href: '/my-provider-record' }],
              },
            ]
          : []),
        ...(move.others ?? []),
      ],
    });
    return { ...change, version };
  };

  /** The county's service workers told of a change sent to them (never its own provider). */
  const staffToldOf = async (trx: Transaction<DB>, change: StoredChange): Promise<Notice[]> => {
    const application = await trx
      .selectFrom('application')
      .select('provider_name')
      .where('id', '=', change.applicationId)
      .executeTakeFirstOrThrow();
    return (await countyWorkers(trx, change.county))
      .filter((userId) => userId !== change.ownerId)
      .map((userId) => ({
        userId,
        event: 'changeReceived',
        template: 'changeReceivedStaff',
        applicationId: change.applicationId,
        values: { change: change.id, provider: application.provider_name },
        links: [{ kind: 'review', href: `/staff/changes/${change.id}` }],
      }));
  };

  /**
   * Makes the change the record's new version, in the caller's transaction: refused when the
   * record's current version is not the one the change was written (or approved) against.
   */
  const apply = async (trx: Transaction<DB>, change: StoredChange, actor: Actor | null, overVersion?: number) => {
    const current = await records.current(change.recordId, trx);
    const basedOn = overVersion ?? change.basedOnVersion;
    if (current.version !== basedOn) return { outcome: 'record-changed' as const, currentVersion: current.version };
    const result = await records.addVersion(trx, {
      recordId: change.recordId,
      basedOn,
      answers: withChange(current.answers, change.parts, change.answers),
      validFrom: change.effectiveDate < current.validFrom ? current.validFrom : change.effectiveDate,
      actor: actor ?? { id: change.ownerId, label: 'provider', requestId: 'job' },
      reason: change.note,
      changeId: change.id,
    });
    if (result.outcome !== 'done') return { outcome: 'record-changed' as const, currentVersion: current.version };
    await moveChange(trx, change, {
      set: { status: 'applied', applied_version: result.version },
      actor: actor ?? { id: null, label: 'program', requestId: null },
      action: 'applied',
      before: { recordVersion: current.version },
      after: { applicationId: change.applicationId, recordVersion: result.version, directory: result.directory },
      notice: { event: 'changeApplied', values: { version: result.version } },
    });
    return { outcome: 'applied' as const, version: result.version };
  };

  return {
    async create(input: DraftContent & { recordId: number; ownerId: string }): Promise<StoredChange> {
      return db.transaction().execute(async (trx) => {
        const current = await records.current(input.recordId, trx);
        const row = await trx
          .insertInto('provider_change')
          .values({
            record_id: input.recordId,
            owner_id: input.ownerId,
            parts: JSON.stringify(input.parts),
            application_json: '{}',
            based_on_version: current.version,
            effective_date: input.effectiveDate,
            note: input.note,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('provider_change')
          .set(await seal(trx, row.id, input.answers))
          .where('id', '=', row.id)
          .execute();
        await audit.recordChange(trx, {
          actor: input.actor,
          action: 'provider-change.drafted',
          entity: { type: 'provider_change', id: row.id },
          after: { recordId: input.recordId, parts: input.parts, effectiveDate: input.effectiveDate },
        });
        return reread(trx, row.id);
      });
    },

    /** A draft saved again: its parts, answers, day and note; only while it is a draft. */
    async update(input: DraftContent & { changeId: number; version: number }): Promise<ChangeOutcome<StoredChange>> {
      return changeStep(input, ['draft'], async (trx, change) => {
        // The draft is written against the record as it is now.
        const current = await records.current(change.recordId, trx);
        await moveChange(trx, change, {
          set: {
            ...(await seal(trx, change.id, input.answers)),
            parts: JSON.stringify(input.parts),
            effective_date: input.effectiveDate,
            note: input.note,
            based_on_version: current.version,
          },
          actor: input.actor,
          action: 'saved',
          before: { version: change.version },
          after: { parts: input.parts, effectiveDate: input.effectiveDate, version: change.version + 1 },
        });
        return undefined;
      });
    },

    /**
     * Sends a draft (the route checked it by the wizard's rules): to staff, or, when every part
     * it changes may take effect without review and its day has come, applied at once.
     */
    async submit(input: {
      changeId: number;
      version: number;
      actor: Actor;
      applyAtOnce: boolean;
      today: string;
    }): Promise<ChangeOutcome<StoredChange>> {
      return changeStep(input, ['draft'], async (trx, change) => {
        const sent = await moveChange(trx, change, {
          set: { status: 'submitted', submitted_at: new Date() },
          actor: input.actor,
          action: 'submitted',
          before: { status: 'draft' },
          after: {
            applicationId: change.applicationId,
            status: 'submitted',
            parts: change.parts,
            effectiveDate: change.effectiveDate,
          },
          notice: { event: 'changeReceived' },
          others: await staffToldOf(trx, change),
        });
        if (!input.applyAtOnce) return undefined;
        if (change.effectiveDate <= input.today) {
          await apply(trx, { ...sent, status: 'submitted' }, input.actor);
        } else {
          await trx
            .updateTable('provider_change')
            .set({ status: 'approved', version: sent.version + 1 })
            .where('id', '=', change.id)
            .execute();
        }
        return undefined;
      });
    },

    /** The provider takes back a change no one decided yet. */
    async withdraw(input: { changeId: number; version: number; actor: Actor }): Promise<ChangeOutcome<StoredChange>> {
      return changeStep(input, ['draft', 'submitted'], async (trx, change) => {
        await moveChange(trx, change, {
          set: { status: 'withdrawn' },
          actor: input.actor,
          action: 'withdrawn',
          before: { status: change.status },
          after: { applicationId: change.applicationId, status: 'withdrawn' },
        });
        await closePendingRfis(trx, audit, changeSubject(change), 'withdrawn', input.actor);
        return undefined;
      });
    },

    /**
     * Staff approve or deny a sent change. An approval of a change whose day has come makes it
     * the record's new version at once; a later day waits for the job. A change written against
     * a version no longer current is approved only over the version the reviewer saw
     * (`overVersion`), never blindly.
     */
    async decide(input: {
      changeId: number;
      version: number;
      action: 'approve' | 'deny';
      reason: string | null;
      overVersion?: number;
      actor: Actor;
      today: string;
    }): Promise<ChangeOutcome<StoredChange>> {
      return changeStep(input, ['submitted'], async (trx, change) => {
        const current = await records.current(change.recordId, trx);
        const approve = input.action === 'approve';
        if (approve && current.version !== (input.overVersion ?? change.basedOnVersion)) {
          return { outcome: 'record-changed' as const, currentVersion: current.version };
        }
        const status = approve ? 'approved' : 'denied';
        const decided = await moveChange(trx, change, {
          set: {
            status,
            decided_at: new Date(),
            decided_by: input.actor.id,
            decision_reason: input.reason,
            // Approved over the version now current: that is what it applies to.
            based_on_version: approve ? current.version : change.basedOnVersion,
          },
          actor: input.actor,
          action: status,
          before: { status: change.status, version: change.version, basedOnVersion: change.basedOnVersion },
          after: { applicationId: change.applicationId, status, recordVersion: current.version },
          reason: input.reason,
          notice: approve
            ? { event: 'changeDecided', status }
            : { event: 'changeDecided', status, template: 'changeDenied', values: { reason: input.reason ?? '' } },
        });
        await closePendingRfis(trx, audit, changeSubject(change), status, input.actor);
        if (approve && change.effectiveDate <= input.today) {
          await apply(trx, { ...decided, status: 'approved', basedOnVersion: current.version }, input.actor);
        }
        return undefined;
      });
    },

    /**
     * The job's work: every approved change whose day has come becomes its record's new version.
     * One that meets a record changed since its approval goes back to staff as sent, audited,
     * rather than over the other change.
     */
    async applyDue(today: string): Promise<{ applied: number; returned: number }> {
      const due = await db
        .selectFrom('provider_change')
        .select('id')
        .where('status', '=', 'approved')
        .where('effective_date', '<=', sql<Date>`${today}::date`)
        .orderBy('effective_date')
        .orderBy('id')
        .execute();
      let applied = 0;
      let returned = 0;
      for (const { id } of due) {
        await db.transaction().execute(async (trx) => {
          const locked = await lock(trx, id);
          if (locked.outcome !== 'locked' || locked.change.status !== 'approved') return;
          const { change } = locked;
          const result = await apply(trx, change, null);
          if (result.outcome === 'applied') {
            applied += 1;
            return;
          }
          await moveChange(trx, change, {
            set: { status: 'submitted' },
            actor: { id: null, label: 'program', requestId: null },
            action: 'conflict',
            before: { status: 'approved', basedOnVersion: change.basedOnVersion },
            after: { applicationId: change.applicationId, status: 'submitted', recordVersion: result.currentVersion },
            reason: 'The record changed after this change was approved: it needs a new decision',
          });
          returned += 1;
        });
      }
      return { applied, returned };
    },

    async find(changeId: number): Promise<StoredChange | undefined> {
      const row = await selectChanges(db).where('c.id', '=', changeId).executeTakeFirst();
      return row ? toChange(row) : undefined;
    },

    async listForRecord(recordId: number): Promise<StoredChange[]> {
      const rows = await selectChanges(db).where('c.record_id', '=', recordId).orderBy('c.id', 'desc').execute();
      return Promise.all(rows.map(toChange));
    },
  };
}
export type ProviderChangesRepository = ReturnType<typeof createProviderChangesRepository>;

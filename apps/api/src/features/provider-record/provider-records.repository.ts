import {
  type DraftApplication,
  maskProtectedFields,
  type ProgramProfile,
  type RecordPart,
  recordParts,
} from '@ccap/contracts';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { isDeepStrictEqual } from 'node:util';
import type { FieldCipher } from '../../crypto/field-cipher';
import type { DB } from '../../db/schema';
import { storedApplication } from '../application/stored-application';
import type { Actor } from '../audit/audit.repository';
import type { Clock } from '../../lib/clock';
import { type DirectoryOutcome, publishToProviderDirectory } from '../staff/provider-directory';
import { approvalEndsOn, renewalSentOnSql, renewedEndsOn } from './approval-term';

type Db = Kysely<DB> | Transaction<DB>;

/** A version of a record as read: its answers in clear (masked only at the route's edge). */
export interface RecordVersion {
  id: number;
  recordId: number;
  version: number;
  answers: DraftApplication;
  validFrom: string;
  validTo: string | null;
  changedById: string | null;
  changedByLabel: string | null;
  reason: string | null;
  changeId: number | null;
  createdAt: Date;
}

export interface ProviderRecordRow {
  id: number;
  applicationId: number;
  ownerId: string;
  status: 'active' | 'ended';
  county: string | null;
  /** The approval's last day in force (ADR 107). */
  endsOn: string;
  /** The day its undecided renewal was sent, or null (ADR 117). */
  renewalSentOn: string | null;
  createdAt: Date;
}

const versionColumns = [
  'v.id',
  'v.record_id',
  'v.version',
  'v.application_json',
  'v.data_key',
  sql<string>`to_char(v.valid_from, 'YYYY-MM-DD')`.as('valid_from'),
  sql<string | null>`to_char(v.valid_to, 'YYYY-MM-DD')`.as('valid_to'),
  'v.changed_by_id',
  'v.changed_by_label',
  'v.reason',
  'v.change_id',
  'v.created_at',
] as const;

/** The parts (the application's step fields) whose answers differ between two versions. */
export function changedParts(before: DraftApplication | undefined, after: DraftApplication): RecordPart[] {
  if (!before) return [];
  return recordParts.filter((part) => !isDeepStrictEqual(before[part] ?? null, after[part] ?? null));
}

/** The county whose workers a version's provider belongs to: its care address's. */
const countyOf = (answers: DraftApplication, fallback: string | null) => answers.address?.county ?? fallback;

/**
 * The provider's record after approval (ADR 100): made from the approved application, in the
 * approval's transaction; then a new version each time a change takes effect. Every version
 * keeps its answers sealed under a data key of its own and the days it was in force, so the
 * record answers "what was true on that day". The public directory row follows the version in
 * force.
 */
export function createProviderRecordsRepository(
  db: Kysely<DB>,
  cipher: FieldCipher,
  options: { clock: Clock; timeZone: string; approvalMonths: ProgramProfile['approvalMonths'] },
) {
  const { clock, timeZone } = options;
  const today = () => clock.today();

  const toVersion = async (row: {
    id: number;
    record_id: number;
    version: number;
    application_json: unknown;
    data_key: string | null;
    valid_from: string;
    valid_to: string | null;
    changed_by_id: string | null;
    changed_by_label: string | null;
    reason: string | null;
    change_id: number | null;
    created_at: Date;
  }): Promise<RecordVersion> => {
    const opened = await cipher.open('provider_record_version', row.id, row.application_json, row.data_key);
    return {
      id: row.id,
      recordId: row.record_id,
      version: row.version,
      answers: storedApplication(opened, row.record_id),
      validFrom: row.valid_from,
      validTo: row.valid_to,
      changedById: row.changed_by_id,
      changedByLabel: row.changed_by_label,
      reason: row.reason,
      changeId: row.change_id,
      createdAt: row.created_at,
    };
  };

  const toRecord = (
    row: Omit<Selectable<DB['provider_record']>, 'ends_on' | 'change_xid' | 'change_seq' | 'changed_at'> & {
      ends_on: string;
      renewal_sent_on: string | null;
    },
  ): ProviderRecordRow => ({
    id: row.id,
    applicationId: row.application_id,
    ownerId: row.owner_id,
    status: row.status,
    county: row.county,
    endsOn: row.ends_on,
    renewalSentOn: row.renewal_sent_on,
    createdAt: row.created_at,
  });
  const records = () =>
    db
      .selectFrom('provider_record as r')
      .select(['r.id', 'r.application_id', 'r.owner_id', 'r.status', 'r.county', 'r.created_at'])
      .select(sql<string>`to_char(r.ends_on, 'YYYY-MM-DD')`.as('ends_on'))
      .select(renewalSentOnSql('r').as('renewal_sent_on'));

  /** Inserts a version, sealed under its own data key (the key is bound to the row's id). */
  const insertVersion = async (
    trx: Transaction<DB>,
    input: {
      recordId: number;
      version: number;
      answers: DraftApplication;
      validFrom: string;
      actor: Actor | null;
      reason: string | null;
      changeId: number | null;
    },
  ) => {
    const row = await trx
      .insertInto('provider_record_version')
      .values({
        record_id: input.recordId,
        version: input.version,
        application_json: '{}',
        valid_from: input.validFrom,
        changed_by_id: input.actor?.id ?? null,
        changed_by_label: input.actor?.label ?? null,
        reason: input.reason,
        change_id: input.changeId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sealed = await cipher.seal('provider_record_version', row.id, input.answers);
    await trx
      .updateTable('provider_record_version')
      .set({ application_json: JSON.stringify(sealed.answers), data_key: sealed.dataKey, tin_hmac: sealed.tinHmac })
      .where('id', '=', row.id)
      .execute();
    return row.id;
  };

  const versionsOf = (executor: Db, recordId: number) =>
    executor
      .selectFrom('provider_record_version as v')
      .select(versionColumns)
      .where('v.record_id', '=', recordId)
      .orderBy('v.version');

  return {
    today,

    /**
     * The record of an approved application, with its first version from the application's
     * answers (in force from `validFrom`), and the provider published into the public directory
     * from it. In the caller's transaction (the approval's). An application that has a record
     * already keeps it (approving again is not a new record).
     */
    async createFromApplication(
      trx: Transaction<DB>,
      input: { applicationId: number; validFrom?: string; actor: Actor | null; reason: string | null },
    ): Promise<{ recordId: number; directory: DirectoryOutcome } | undefined> {
      const application = await trx
        .selectFrom('application')
        .select(['id', 'owner_id', 'county', 'provider_type', 'application_json', 'data_key'])
        .where('id', '=', input.applicationId)
        .executeTakeFirstOrThrow();
      const answers = storedApplication(
        await cipher.open('application', application.id, application.application_json, application.data_key),
        application.id,
      );
      const validFrom = input.validFrom ?? today();
      const record = await trx
        .insertInto('provider_record')
        .values({
          application_id: application.id,
          owner_id: application.owner_id,
          county: countyOf(answers, application.county),
          // The approval lasts the profile's period for its provider type from its first day.
          ends_on: approvalEndsOn(validFrom, application.provider_type, options.approvalMonths),
        })
        .onConflict((oc) => oc.column('application_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!record) return undefined;
      await insertVersion(trx, {
        recordId: record.id,
        version: 1,
        answers,
        validFrom,
        actor: input.actor,
        reason: input.reason,
        changeId: null,
      });
      const directory = await publishToProviderDirectory(trx, { id: application.id, answers });
      return { recordId: record.id, directory };
    },

    /**
     * The answers in force from `validFrom` on become the record's new version: the current one
     * ends that day. Refused ('stale') when the current version is not `basedOn` (another change
     * took effect first) and ('too-early') when the day is before the current version began.
     * The directory row is published again from the new version. In the caller's transaction.
     */
    async addVersion(
      trx: Transaction<DB>,
      input: {
        recordId: number;
        basedOn: number;
        answers: DraftApplication;
        validFrom: string;
        actor: Actor | null;
        reason: string | null;
        changeId: number | null;
      },
    ) {
      const record = await trx
        .selectFrom('provider_record')
        .selectAll()
        .where('id', '=', input.recordId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const current = await trx
        .selectFrom('provider_record_version as v')
        .select(['v.id', 'v.version', sql<string>`to_char(v.valid_from, 'YYYY-MM-DD')`.as('valid_from')])
        .where('v.record_id', '=', input.recordId)
        .where('v.valid_to', 'is', null)
        .executeTakeFirstOrThrow();
      if (current.version !== input.basedOn) return { outcome: 'stale' as const, currentVersion: current.version };
      if (input.validFrom < current.valid_from) return { outcome: 'too-early' as const, since: current.valid_from };
      await trx
        .updateTable('provider_record_version')
        .set({ valid_to: input.validFrom })
        .where('id', '=', current.id)
        .execute();
      const version = current.version + 1;
      await insertVersion(trx, { ...input, version });
      await trx
        .updateTable('provider_record')
        .set({ county: countyOf(input.answers, record.county) })
        .where('id', '=', record.id)
        .execute();
      const directory = await publishToProviderDirectory(trx, { id: record.application_id, answers: input.answers });
      return { outcome: 'done' as const, version, directory };
    },

    /**
     * An approved renewal (ADR 117): its answers become the record's new version from the
     * approval day, and the approval's last day moves by the profile's period (`renewedEndsOn`).
     * In the approval's transaction; the record's row is locked first.
     */
    async renew(
      trx: Transaction<DB>,
      input: { renewalId: number; actor: Actor; reason: string | null },
    ): Promise<{ recordId: number; endsOn: string; version: number; directory: DirectoryOutcome }> {
      const renewal = await trx
        .selectFrom('application')
        .select([
          'id',
          'record_id',
          'provider_type',
          'application_json',
          'data_key',
          sql<string>`to_char(renewal_sent_on, 'YYYY-MM-DD')`.as('sent_on'),
        ])
        .where('id', '=', input.renewalId)
        .executeTakeFirstOrThrow();
      const recordId = Number(renewal.record_id);
      const record = await trx
        .selectFrom('provider_record')
        .select(['id', sql<string>`to_char(ends_on, 'YYYY-MM-DD')`.as('ends_on')])
        .where('id', '=', recordId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const answers = storedApplication(
        await cipher.open('application', renewal.id, renewal.application_json, renewal.data_key),
        renewal.id,
      );
      const current = await this.current(recordId, trx);
      // A change that takes effect later than today has begun a version already: the renewal's
      // answers follow it, never before it.
      const validFrom = current.validFrom > today() ? current.validFrom : today();
      const added = await this.addVersion(trx, {
        recordId,
        basedOn: current.version,
        answers,
        validFrom,
        actor: input.actor,
        reason: input.reason,
        changeId: null,
      });
      if (added.outcome !== 'done') throw new Error(`Renewal ${renewal.id} could not add a version: ${added.outcome}`);
      const endsOn = renewedEndsOn({
        endsOn: record.ends_on,
        renewalSentOn: renewal.sent_on,
        approvedOn: today(),
        providerType: renewal.provider_type,
        periods: options.approvalMonths,
      });
      await trx.updateTable('provider_record').set({ ends_on: endsOn }).where('id', '=', recordId).execute();
      return { recordId, endsOn, version: added.version, directory: added.directory };
    },

    /** The record by its own id (not its application's). */
    async byId(recordId: number): Promise<ProviderRecordRow | undefined> {
      const row = await records().where('r.id', '=', recordId).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    async find(applicationId: number): Promise<ProviderRecordRow | undefined> {
      const row = await records().where('r.application_id', '=', applicationId).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    /** The caller's most recent record, if an application of theirs was approved. */
    async latestOf(ownerId: string): Promise<ProviderRecordRow | undefined> {
      const row = await records().where('r.owner_id', '=', ownerId).orderBy('r.id', 'desc').limit(1).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    async current(recordId: number, executor: Db = db): Promise<RecordVersion> {
      const row = await executor
        .selectFrom('provider_record_version as v')
        .select(versionColumns)
        .where('v.record_id', '=', recordId)
        .where('v.valid_to', 'is', null)
        .executeTakeFirstOrThrow();
      return toVersion(row);
    },

    /** One version by its number. */
    async version(recordId: number, version: number): Promise<RecordVersion | undefined> {
      const row = await versionsOf(db, recordId).where('v.version', '=', version).executeTakeFirst();
      return row ? toVersion(row) : undefined;
    },

    /** The version in force on a day (ISO date), or undefined before the record began. */
    async inForceOn(recordId: number, day: string): Promise<RecordVersion | undefined> {
      const row = await db
        .selectFrom('provider_record_version as v')
        .select(versionColumns)
        .where('v.record_id', '=', recordId)
        .where('v.valid_from', '<=', sql<Date>`${day}::date`)
        .where((eb) => eb.or([eb('v.valid_to', 'is', null), eb('v.valid_to', '>', sql<Date>`${day}::date`)]))
        .orderBy('v.version', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? toVersion(row) : undefined;
    },

    /** Every version, oldest first, each with the parts it changed from the one before. */
    async history(recordId: number) {
      const versions = await Promise.all((await versionsOf(db, recordId).execute()).map(toVersion));
      return versions.map((version, index) => ({
        ...version,
        changed: changedParts(versions[index - 1]?.answers, version.answers),
      }));
    },

    /**
     * Makes the records of applications approved before records existed, each in force from the
     * day it was decided (at start-up; nothing to do once every approved application has one).
     */
    async backfill(): Promise<number> {
      const missing = await db
        .selectFrom('application as a')
        .leftJoin('provider_record as r', 'r.application_id', 'a.id')
        .select(['a.id', sql<string | null>`to_char(a.decided_at at time zone ${timeZone}, 'YYYY-MM-DD')`.as('day')])
        .where('a.status', '=', 'approved')
        .where('r.id', 'is', null)
        .orderBy('a.id')
        .execute();
      let made = 0;
      for (const application of missing) {
        await db.transaction().execute(async (trx) => {
          const created = await this.createFromApplication(trx, {
            applicationId: application.id,
            validFrom: application.day ?? today(),
            actor: null,
            reason: null,
          });
          if (created) made += 1;
        });
      }
      return made;
    },

    /** Answers as every API answer gives them: protected ones masked (ADR 080). */
    masked: (answers: DraftApplication) => maskProtectedFields(answers),
  };
}
export type ProviderRecordsRepository = ReturnType<typeof createProviderRecordsRepository>;

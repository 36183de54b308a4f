import {
  type CredentialRules,
  type CredentialState,
  credentialStates,
  localize,
  plusDays,
  RFI_DEFAULT_DUE_DAYS,
} from '@ccap/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { AuditRepository } from '../audit/audit.repository';
import type { Labels, LocaleCode, LocaleSource } from '../application/pdf/labels';
import { lapsedSql } from '../provider-record/approval-term';
import { longDate } from '../provider-record/notice-helpers';
import type { ProviderRecordsRepository } from '../provider-record/provider-records.repository';
import { openAutomaticRfi } from '../rfi/rfi-automatic';
import type { StaffScope } from '../staff/staff-scope';

const JOB = 'credentials.expiry';

/** A credential's name in a language: the profile's name of a training, else its kind and whose it is. */
export function credentialName(rules: CredentialRules, state: CredentialState, labels: Labels): string {
  const training = state.kind === 'training' ? rules.trainings.find((rule) => rule.code === state.code) : undefined;
  if (training) return localize(training.name, labels.lang);
  return labels.t(`credentials.kinds.${state.kind}`, { person: state.person ?? '' });
}

/** The credentials of a record that need asking for: expiring within the profile's days, or expired. */
const isDue = (state: CredentialState) =>
  state.expiresOn !== undefined && (state.status === 'expiring' || state.status === 'expired');

/** A record in force (active and not lapsed on `today`), with its provider and county. */
interface ActiveRecord {
  id: number;
  applicationId: number;
  ownerId: string;
  county: string | null;
  providerName: string;
  endsOn: string;
}

/**
 * Credentials that expire (ADR 116): the states of the credentials of the records in force,
 * read from each record's current version; the nightly job that opens a request for information
 * for each credential expiring soon, once per record, credential and expiry date; and the
 * staff's "expiring soon" list.
 */
export function createCredentialExpiryRepository(
  db: Kysely<DB>,
  deps: {
    audit: AuditRepository;
    providerRecords: ProviderRecordsRepository;
    locales: LocaleSource;
    clock: Clock;
    rules: CredentialRules | undefined;
  },
) {
  const { clock, rules } = deps;

  const activeRecords = (today: string, scope?: StaffScope) => {
    let query = db
      .selectFrom('provider_record as r')
      .innerJoin('application as a', 'a.id', 'r.application_id')
      .select([
        'r.id',
        'r.application_id as applicationId',
        'r.owner_id as ownerId',
        'r.county',
        'a.provider_name as providerName',
        sql<string>`to_char(r.ends_on, 'YYYY-MM-DD')`.as('endsOn'),
      ])
      .where('r.status', '=', 'active')
      .where((eb) => eb.not(lapsedSql('r', today)));
    if (scope && !scope.allCounties) {
      if (scope.counties.length === 0) return Promise.resolve([] as ActiveRecord[]);
      query = query.where(
        sql<string>`lower(trim(r.county))`,
        'in',
        scope.counties.map((county) => county.trim().toLowerCase()),
      );
    }
    if (scope) query = query.where('r.owner_id', '!=', scope.userId);
    return query.orderBy('r.id').execute() as Promise<ActiveRecord[]>;
  };

  /** The credentials of a record's current version on `today`. */
  const statesOf = async (recordId: number, today: string) =>
    credentialStates((await deps.providerRecords.current(recordId)).answers, rules, today);

  return {
    rules,
    statesOf,

    /**
     * Opens a request for information for each credential of a record in force that expires
     * within the profile's days (or has expired) and was not asked for yet at that expiry date:
     * the row (record, credential, expiry date) is written in the transaction that opens the
     * RFI, so another run, here or on another instance, opens nothing. The RFI is due on the
     * expiry date (or the usual days from today once it has passed), in the provider's language.
     * Returns how many RFIs were opened.
     */
    async openDue(): Promise<number> {
      if (!rules) return 0;
      const today = clock.today();
      let opened = 0;
      for (const record of await activeRecords(today)) {
        const due = (await statesOf(record.id, today)).filter(isDue);
        if (due.length === 0) continue;
        const asked = new Set(
          (
            await db
              .selectFrom('credential_notice')
              .select(['credential_key', sql<string>`to_char(expires_on, 'YYYY-MM-DD')`.as('expires_on')])
              .where('record_id', '=', record.id)
              .execute()
          ).map((row) => `${row.credential_key}@${row.expires_on}`),
        );
        for (const state of due) {
          const expiresOn = state.expiresOn!;
          if (asked.has(`${state.key}@${expiresOn}`)) continue;
          await db.transaction().execute(async (trx) => {
            const claimed = await trx
              .insertInto('credential_notice')
              .values({ record_id: record.id, credential_key: state.key, expires_on: expiresOn })
              .onConflict((oc) => oc.doNothing())
              .returning('record_id')
              .executeTakeFirst();
            if (!claimed) return;
            const owner = await trx
              .selectFrom('app_user')
              .select('preferred_language')
              .where('id', '=', record.ownerId)
              .executeTakeFirst();
            const labels = await deps.locales.labels((owner?.preferred_language ?? 'en') as LocaleCode);
            const comment = labels.t(`credentials.rfi.${state.status === 'expired' ? 'expired' : 'expiring'}`, {
              credential: credentialName(rules, state, labels),
              expiresOn: longDate(labels.lang, expiresOn),
            });
            const dueDate = expiresOn >= today ? expiresOn : plusDays(today, RFI_DEFAULT_DUE_DAYS);
            const rfi = await openAutomaticRfi(trx, deps.audit, {
              applicationId: record.applicationId,
              comment,
              dueDate,
              job: JOB,
            });
            if (rfi) {
              await trx
                .updateTable('credential_notice')
                .set({ rfi_id: rfi.rfiId })
                .where('record_id', '=', record.id)
                .where('credential_key', '=', state.key)
                .where('expires_on', '=', sql<Date>`${expiresOn}::date`)
                .execute();
              opened += 1;
            }
          });
        }
      }
      return opened;
    },

    /**
     * The staff's "expiring soon" list: the records in force of the caller's counties (every
     * county for an administrator; never their own) with a credential expiring within the
     * profile's days or expired, soonest first, each with those credentials.
     */
    async expiring(scope: StaffScope) {
      if (!rules) return [];
      const today = clock.today();
      const listed = [];
      for (const record of await activeRecords(today, scope)) {
        const due = (await statesOf(record.id, today)).filter(isDue);
        if (due.length === 0) continue;
        due.sort((a, b) => a.expiresOn!.localeCompare(b.expiresOn!));
        listed.push({
          applicationId: record.applicationId,
          recordId: record.id,
          providerName: record.providerName,
          county: record.county,
          soonest: due[0]!.expiresOn!,
          credentials: due,
        });
      }
      return listed.sort((a, b) => a.soonest.localeCompare(b.soonest) || a.recordId - b.recordId);
    },
  };
}
export type CredentialExpiryRepository = ReturnType<typeof createCredentialExpiryRepository>;

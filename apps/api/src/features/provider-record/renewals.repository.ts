import {
  type DocumentOnFile,
  type RecordPart,
  recordParts,
  RENEWAL_WINDOW_DAYS,
  renewalPrefill,
  type RenewalState,
} from '@ccap/contracts';
import { type Kysely, sql } from 'kysely';
import type { FieldCipher } from '../../crypto/field-cipher';
import type { DB } from '../../db/schema';
import { approvalTermOn } from './approval-term';
import type { ProviderRecordRow, ProviderRecordsRepository } from './provider-records.repository';

/** An ISO day moved by whole days. */
const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);

export type StartRenewalResult =
  | { outcome: 'started' | 'resumed'; draftId: number; providerType: string }
  | { outcome: 'already-sent'; applicationId: number }
  | { outcome: 'too-early'; opensOn: string };

/**
 * Renewals of provider records (ADR 117): the renewal draft, one per record, made from the
 * record's current version; where the renewal stands; the documents on file it carries over.
 * Every call names a record the route has already found to be the caller's.
 */
export function createRenewalsRepository(db: Kysely<DB>, cipher: FieldCipher, records: ProviderRecordsRepository) {
  const draftOf = (recordId: number) =>
    db
      .selectFrom('draft_application')
      .select(['id', 'provider_type'])
      .where('record_id', '=', recordId)
      .executeTakeFirst();

  const sentOf = (recordId: number) =>
    db
      .selectFrom('application')
      .select(['id', 'status', sql<string>`to_char(renewal_sent_on, 'YYYY-MM-DD')`.as('sent_on')])
      .where('record_id', '=', recordId)
      .where('kind', '=', 'renewal')
      .where('status', 'in', ['submitted', 'in-review', 'information-requested'])
      .executeTakeFirst();

  return {
    /** The documents on file with the record: its applications' (first and renewals approved) and its changes'. */
    async documentsOnFile(record: ProviderRecordRow): Promise<DocumentOnFile[]> {
      const rows = await db
        .selectFrom('application_document as d')
        .innerJoin('application as a', 'a.id', 'd.application_id')
        .select(['d.code', 'd.document_name'])
        .where((eb) =>
          eb.or([
            eb('a.id', '=', record.applicationId),
            eb.and([eb('a.record_id', '=', record.id), eb('a.status', '=', 'approved')]),
          ]),
        )
        .where((eb) => eb.or([eb('d.stored_name', 'is not', null), eb('d.is_waived', '=', true)]))
        .orderBy('d.id')
        .execute();
      const changeRows = await db
        .selectFrom('provider_change_document as d')
        .innerJoin('provider_change as c', 'c.id', 'd.change_id')
        .select(['d.code', 'd.document_name'])
        .where('c.record_id', '=', record.id)
        .where('c.status', '=', 'applied')
        .execute();
      const seen = new Set<string>();
      return [...rows, ...changeRows]
        .map((row) => ({ code: row.code, documentName: row.document_name }))
        .filter((file) => {
          const key = `${file.code}\u0000${file.documentName}`;
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
    },

    /** Where the renewal of a record stands on the program's day. */
    async stateOf(record: ProviderRecordRow): Promise<RenewalState> {
      const today = records.today();
      const term = approvalTermOn(record.endsOn, today, record.renewalSentOn);
      const [draft, sent, history, documentsOnFile] = await Promise.all([
        draftOf(record.id),
        sentOf(record.id),
        records.history(record.id),
        this.documentsOnFile(record),
      ]);
      // Each step's answers were last confirmed by the latest version that changed them (the
      // first version confirmed them all on its approval; a renewal's version confirms all).
      const answeredOn: Partial<Record<RecordPart, string>> = {};
      for (const version of history) {
        const confirmed = version.version === 1 || version.changeId === null ? recordParts : version.changed;
        for (const part of confirmed) answeredOn[part] = version.validFrom;
      }
      return {
        recordApplicationId: record.applicationId,
        endsOn: record.endsOn,
        daysLeft: term.daysLeft,
        lapsed: term.lapsed,
        opensOn: addDays(record.endsOn, -RENEWAL_WINDOW_DAYS),
        canRenew: record.status === 'active' && !sent && term.daysLeft <= RENEWAL_WINDOW_DAYS,
        draftId: draft?.id ?? null,
        sent: sent ? { applicationId: sent.id, status: sent.status, sentOn: sent.sent_on } : null,
        // The first version confirmed every part: each has its day.
        answeredOn: answeredOn as Record<RecordPart, string>,
        documentsOnFile,
      };
    },

    /**
     * The record's renewal draft: the one begun, or a new one prefilled from the current
     * version's answers, attestations and signatures left out (sealed as every draft is).
     */
    async start(ownerId: string, record: ProviderRecordRow): Promise<StartRenewalResult> {
      const state = await this.stateOf(record);
      if (state.sent) return { outcome: 'already-sent', applicationId: state.sent.applicationId };
      const begun = await draftOf(record.id);
      if (begun) return { outcome: 'resumed', draftId: begun.id, providerType: begun.provider_type };
      if (!state.canRenew) return { outcome: 'too-early', opensOn: state.opensOn };
      const current = await records.current(record.id);
      const answers = renewalPrefill(current.answers);
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('draft_application')
          .values({
            owner_id: ownerId,
            provider_type: answers.providerType,
            application_json: '{}',
            record_id: record.id,
          })
          .onConflict((oc) => oc.column('record_id').where('record_id', 'is not', null).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) {
          // Another tab made it first: that one is the renewal draft.
          const raced = await trx
            .selectFrom('draft_application')
            .select(['id', 'provider_type'])
            .where('record_id', '=', record.id)
            .executeTakeFirstOrThrow();
          return { outcome: 'resumed' as const, draftId: raced.id, providerType: raced.provider_type };
        }
        const sealed = await cipher.seal('draft_application', row.id, { ...answers, draftApplicationId: row.id });
        await trx
          .updateTable('draft_application')
          .set({ application_json: JSON.stringify(sealed.answers), data_key: sealed.dataKey, tin_hmac: sealed.tinHmac })
          .where('id', '=', row.id)
          .execute();
        return { outcome: 'started' as const, draftId: row.id, providerType: answers.providerType };
      });
    },

    /** The record a draft of the owner renews, or undefined for a new application's draft. */
    async recordOfDraft(ownerId: string, draftId: number): Promise<ProviderRecordRow | undefined> {
      const row = await db
        .selectFrom('draft_application')
        .select('record_id')
        .where('owner_id', '=', ownerId)
        .where('id', '=', draftId)
        .executeTakeFirst();
      return row?.record_id ? records.byId(Number(row.record_id)) : undefined;
    },
  };
}
export type RenewalsRepository = ReturnType<typeof createRenewalsRepository>;

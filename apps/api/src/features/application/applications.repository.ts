import {
  type DocumentRule,
  type DraftApplication,
  localizeRequiredDocument,
  type RequiredDocumentSpec,
} from '@ccap/contracts';
import type { Kysely } from 'kysely';
import type { FieldCipher } from '../../crypto/field-cipher';
import type { DB } from '../../db/schema';
import type { AuditRepository } from '../audit/audit.repository';
import type { Notice } from '../notifications/notifier';

export interface SubmittedApplication {
  applicationId: number;
  status: DB['application']['status'];
  submittedAt: string;
}

export type SubmitResult =
  | { outcome: 'submitted' | 'already-submitted'; application: SubmittedApplication }
  | { outcome: 'no-draft' }
  | { outcome: 'conflict' };

export function createApplicationsRepository(db: Kysely<DB>, audit: AuditRepository, cipher: FieldCipher) {
  const existing = async (ownerId: string, draftId: number, trx: Kysely<DB> = db) => {
    const row = await trx
      .selectFrom('application')
      .select(['id', 'status', 'submitted_at'])
      .where('owner_id', '=', ownerId)
      .where('draft_id', '=', draftId)
      .executeTakeFirst();
    return row ? { applicationId: row.id, status: row.status, submittedAt: row.submitted_at.toISOString() } : undefined;
  };

  return {
    /**
     * Turns a draft into a submitted application, once: the draft id is the idempotency key,
     * so a double click or a retry answers with the same application. The draft is consumed,
     * the documents it needs are listed and the submission audited in the same transaction.
     */
    async submit(input: {
      ownerId: string;
      actorLabel: string;
      draftId: number;
      /** The draft version the submission was reviewed at; a draft saved since is a conflict. */
      version?: number;
      application: DraftApplication;
      /** A renewal (ADR 117): the record it renews, and the program's day it is sent. */
      renewal?: { recordId: number; sentOn: string };
      requiredDocuments: RequiredDocumentSpec[];
      /** The profile's rules, to name the documents in each recipient's language. */
      documentRules?: readonly DocumentRule[];
      requestId: string;
    }): Promise<SubmitResult> {
      const already = await existing(input.ownerId, input.draftId);
      if (already) return { outcome: 'already-submitted', application: already };

      return db.transaction().execute(async (trx) => {
        let consume = trx
          .deleteFrom('draft_application')
          .where('owner_id', '=', input.ownerId)
          .where('id', '=', input.draftId);
        if (input.version !== undefined) consume = consume.where('version', '=', input.version);
        const draft = await consume.returning('id').executeTakeFirst();
        if (!draft) {
          // A concurrent submit of the same draft may have won the race.
          const raced = await existing(input.ownerId, input.draftId, trx);
          if (raced) return { outcome: 'already-submitted' as const, application: raced };
          // Or another tab saved the draft after this one's review: its answers are not lost.
          const saved = await trx
            .selectFrom('draft_application')
            .select('id')
            .where('owner_id', '=', input.ownerId)
            .where('id', '=', input.draftId)
            .executeTakeFirst();
          return saved ? { outcome: 'conflict' as const } : { outcome: 'no-draft' as const };
        }
        const { providerInfo: info = {}, address } = input.application;
        const row = await trx
          .insertInto('application')
          .values({
            owner_id: input.ownerId,
            draft_id: input.draftId,
            provider_type: input.application.providerType,
            status: 'submitted',
            // Sealed below, once the row's id (what its answers are bound to) is known.
            application_json: '{}',
            provider_name: info.businessName || `${info.firstName ?? ''} ${info.lastName ?? ''}`.trim(),
            county: address?.county ?? null,
            ...(input.renewal
              ? { kind: 'renewal' as const, record_id: input.renewal.recordId, renewal_sent_on: input.renewal.sentOn }
              : {}),
          })
          .returning(['id', 'status', 'submitted_at'])
          .executeTakeFirstOrThrow();
        const sealed = await cipher.seal('application', row.id, input.application);
        await trx
          .updateTable('application')
          .set({ application_json: JSON.stringify(sealed.answers), data_key: sealed.dataKey, tin_hmac: sealed.tinHmac })
          .where('id', '=', row.id)
          .execute();
        if (input.requiredDocuments.length > 0) {
          await trx
            .insertInto('application_document')
            .values(
              input.requiredDocuments.map((document) => ({
                application_id: row.id,
                code: document.code,
                document_name: document.documentName,
                description: document.description,
              })),
            )
            .execute();
        }
        const dashboard = { kind: 'application' as const, href: '/dashboard' };
        const documentsRequired: Notice[] =
          input.requiredDocuments.length > 0
            ? [
                {
                  userId: input.ownerId,
                  event: 'documentsRequired',
                  applicationId: row.id,
                  valuesIn: (lang) => ({
                    documents: input.requiredDocuments
                      .map(
                        (document) =>
                          `- ${localizeRequiredDocument(input.documentRules ?? [], document, lang).name.text}`,
                      )
                      .join('\n'),
                  }),
                  links: [{ kind: 'documents', href: `/documents/${row.id}` }, dashboard],
                },
              ]
            : [];
        await audit.recordChange(trx, {
          actor: { id: input.ownerId, label: input.actorLabel, requestId: input.requestId },
          action: 'application.submitted',
          entity: { type: 'application', id: row.id },
          after: {
            status: 'submitted',
            providerType: input.application.providerType,
            ...(input.renewal ? { kind: 'renewal', recordId: input.renewal.recordId } : {}),
            requiredDocuments: input.requiredDocuments.length,
          },
          notify: [
            { userId: input.ownerId, event: 'applicationSubmitted', applicationId: row.id, links: [dashboard] },
            ...documentsRequired,
          ],
        });
        return {
          outcome: 'submitted' as const,
          application: { applicationId: row.id, status: row.status, submittedAt: row.submitted_at.toISOString() },
        };
      });
    },
  };
}
export type ApplicationsRepository = ReturnType<typeof createApplicationsRepository>;

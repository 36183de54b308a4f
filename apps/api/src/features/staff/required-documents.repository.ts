import { isStatusIn, statusesOpenForDocuments } from '@ccap/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor, AuditRepository } from '../audit/audit.repository';

/** Staff's changes to an application's required documents: one more asked for, or one waived. */
export function createRequiredDocumentsRepository(db: Kysely<DB>, audit: AuditRepository) {
  /**
   * Locks the application's row (before any of its documents', the order every writer takes)
   * and answers it while its documents can still change; undefined once it is decided. The
   * route checked the status already, but a decision may have landed since.
   */
  const lockOpenForDocuments = async (trx: Transaction<DB>, applicationId: number) => {
    const row = await trx
      .selectFrom('application')
      .select(['status', 'owner_id'])
      .where('id', '=', applicationId)
      .forUpdate()
      .executeTakeFirst();
    return row && isStatusIn(statusesOpenForDocuments, row.status) ? row : undefined;
  };

  return {
    /** Asks the applicant for one more document; it joins the required list. */
    async request(input: { applicationId: number; documentName: string; description: string; actor: Actor }) {
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
        await audit.recordChange(trx, {
          actor: input.actor,
          action: 'document.requested',
          entity: { type: 'application_document', id: row.id },
          after: { applicationId: input.applicationId, documentName: row.document_name, description: row.description },
          notify: [
            {
              userId: application.owner_id,
              event: 'documentsRequired',
              template: 'documentRequested',
              applicationId: input.applicationId,
              values: { document: row.document_name, description: row.description },
              links: [{ kind: 'documents', href: `/documents/${input.applicationId}` }],
            },
          ],
        });
        return row;
      });
    },

    /**
     * Waives a required document with a reason; undefined when it is not this application's,
     * 'closed' when the application has been decided.
     */
    async waive(input: { applicationId: number; documentId: number; reason: string; actor: Actor }) {
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
        await audit.recordChange(trx, {
          actor: input.actor,
          action: 'document.waived',
          entity: { type: 'application_document', id: row.id },
          before: { isWaived: before.is_waived },
          after: { applicationId: input.applicationId, documentName: row.document_name, isWaived: true },
          reason: input.reason,
        });
        return row;
      });
    },
  };
}
export type RequiredDocumentsRepository = ReturnType<typeof createRequiredDocumentsRepository>;

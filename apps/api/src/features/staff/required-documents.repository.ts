import { isStatusIn, statusesOpenForDocuments } from '@ccap/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor, AuditRepository } from '../audit/audit.repository';

interface RequestDocumentInput {
  applicationId: number;
  documentName: string;
  description: string;
  actor: Actor;
}

/** Staff's changes to an application's required documents: one more asked for, or one waived. */
export function createRequiredDocumentsRepository(db: Kysely<DB>, audit: AuditRepository) {
  /**
   * Locks the application's row (before any of its documents', the order every writer takes)
   * and answers it while its documents can still change; undefined once it is decided. The
   * route checked the status already, but a decision may have landed since.
   */
  const lockApplication = (trx: Transaction<DB>, applicationId: number) =>
    trx
      .selectFrom('application')
      .select(['status', 'owner_id', 'version'])
      .where('id', '=', applicationId)
      .forUpdate()
      .executeTakeFirst();
  const lockOpenForDocuments = async (trx: Transaction<DB>, applicationId: number) => {
    const row = await lockApplication(trx, applicationId);
    return row && isStatusIn(statusesOpenForDocuments, row.status) ? row : undefined;
  };

  /** Asks the applicant for one more document, the application locked and open for documents. */
  const requestIn = async (trx: Transaction<DB>, application: { owner_id: string }, input: RequestDocumentInput) => {
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
  };

  return {
    /** Asks the applicant for one more document; it joins the required list. */
    async request(input: RequestDocumentInput) {
      return db.transaction().execute(async (trx) => {
        const application = await lockOpenForDocuments(trx, input.applicationId);
        return application ? requestIn(trx, application, input) : ('closed' as const);
      });
    },

    /**
     * As request, on the version of the application the caller saw (a bulk action's item):
     * 'conflict' when it has changed since, checked under the row's lock.
     */
    async requestOnVersion(input: RequestDocumentInput & { version: number }) {
      return db.transaction().execute(async (trx) => {
        const locked = await lockApplication(trx, input.applicationId);
        if (locked && locked.version !== input.version) return 'conflict' as const;
        const application = await lockOpenForDocuments(trx, input.applicationId);
        return application ? requestIn(trx, application, input) : ('closed' as const);
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

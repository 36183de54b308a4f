import { isStatusIn, type Rfi, undecidedStatuses } from '@ccap/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB, RfiDocumentTable } from '../../db/schema';
import type { Actor, AuditRepository } from '../audit/audit.repository';
import { createFormats } from '../application/pdf/formats';
import type { StoredFile } from '../documents/documents.repository';
import { type ApplicationOfRfi, applicationOfRfiColumns, lockApplicationOfRfi, rfiLink } from './rfi-application';
import { fileFacts, insertRfiFile, rfiFileUrl } from './rfi-files.repository';
import { applyRfiStatusRule, pendingCount } from './rfi-status-rule';

type DocumentRow = Selectable<RfiDocumentTable> & { uploaded_by_email: string };

/**
 * Requests for information as staff make and close them, read by both sides, and the
 * application status rule they drive.
 */
export function createRfiRequestsRepository(db: Kysely<DB>, audit: AuditRepository) {
  return {
    /** Staff may still ask for information: the application has no decision yet. */
    isOpenForRequests: (status: ApplicationOfRfi['status']) => isStatusIn(undecidedStatuses, status),

    async findApplication(applicationId: number): Promise<ApplicationOfRfi | undefined> {
      return db
        .selectFrom('application')
        .select(applicationOfRfiColumns)
        .where('id', '=', applicationId)
        .executeTakeFirst();
    },

    /** An RFI with its application, or undefined. */
    async find(rfiId: number) {
      const row = await db
        .selectFrom('rfi')
        .innerJoin('application', 'application.id', 'rfi.application_id')
        .select(['rfi.id as rfiId', 'rfi.status as rfiStatus', 'rfi.created_by as requesterId'])
        .select(applicationOfRfiColumns)
        .where('rfi.id', '=', rfiId)
        .executeTakeFirst();
      if (!row) return undefined;
      const { rfiId: id, rfiStatus, requesterId, ...application } = row;
      return { rfiId: id, status: rfiStatus, requesterId, application };
    },

    /** Every RFI of an application with its files, newest first. */
    async listFor(applicationId: number): Promise<Rfi[]> {
      const rows = await db
        .selectFrom('rfi')
        .innerJoin('app_user as creator', 'creator.id', 'rfi.created_by')
        .select([
          'rfi.id',
          'rfi.application_id',
          'rfi.status',
          'rfi.service_worker_comment',
          'rfi.applicant_comment',
          sql<string>`to_char(rfi.due_date, 'YYYY-MM-DD')`.as('due_date'),
          'rfi.created_at',
          'rfi.responded_at',
          'rfi.completed_at',
          'creator.email as creator_email',
          'creator.name as creator_name',
        ])
        .where('rfi.application_id', '=', applicationId)
        .orderBy('rfi.id', 'desc')
        .execute();
      const documents: DocumentRow[] =
        rows.length === 0
          ? []
          : await db
              .selectFrom('rfi_document')
              .innerJoin('app_user as uploader', 'uploader.id', 'rfi_document.uploaded_by')
              .selectAll('rfi_document')
              .select('uploader.email as uploaded_by_email')
              .where(
                'rfi_id',
                'in',
                rows.map((row) => row.id),
              )
              .orderBy('rfi_document.id')
              .execute();
      return rows.map((row) => ({
        rfiId: row.id,
        applicationId: row.application_id,
        statusDescription: row.status,
        status: row.status,
        createdDate: row.created_at.toISOString(),
        createdBy: row.creator_email,
        createdByName: row.creator_name,
        dueDate: row.due_date,
        serviceWorkerComment: row.service_worker_comment,
        applicantComment: row.applicant_comment,
        respondedDate: row.responded_at?.toISOString() ?? null,
        completedDate: row.completed_at?.toISOString() ?? null,
        documents: documents
          .filter((document) => document.rfi_id === row.id)
          .map((document) => ({
            rfiDocumentId: document.id,
            documentName: document.display_name,
            contentType: document.content_type,
            size: document.size_bytes,
            uploadedBy: document.uploaded_by_email,
            uploadedAt: document.uploaded_at.toISOString(),
            url: rfiFileUrl(document.id),
          })),
      }));
    },

    /** RFIs still pending on an application, answered or not (staff may complete them; the applicant may add to them). */
    pendingCount: (applicationId: number) => pendingCount(db, applicationId),

    /**
     * A new pending RFI (and its file, if any), the application moved to information-requested
     * and the notice queued, in one transaction. Undefined when the application has a decision
     * by now (a race with the decision).
     */
    async create(input: {
      applicationId: number;
      serviceWorkerComment: string;
      dueDate: string;
      file?: StoredFile;
      actor: Actor;
    }): Promise<{ rfiId: number } | undefined> {
      return db.transaction().execute(async (trx) => {
        const application = await trx
          .selectFrom('application')
          .select(['status', 'owner_id'])
          .where('id', '=', input.applicationId)
          .forUpdate()
          .executeTakeFirst();
        if (!application || !isStatusIn(undecidedStatuses, application.status)) return undefined;
        const rfi = await trx
          .insertInto('rfi')
          .values({
            application_id: input.applicationId,
            service_worker_comment: input.serviceWorkerComment,
            due_date: input.dueDate,
            created_by: input.actor.id,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const document = input.file ? await insertRfiFile(trx, rfi.id, input.file, input.actor.id) : undefined;
        await audit.recordChange(trx, {
          actor: input.actor,
          action: 'rfi.requested',
          entity: { type: 'rfi', id: rfi.id },
          after: {
            applicationId: input.applicationId,
            status: 'pending',
            dueDate: input.dueDate,
            ...(input.file && document ? { document: { rfiDocumentId: document.id, ...fileFacts(input.file) } } : {}),
          },
          notify: [
            {
              userId: application.owner_id,
              event: 'rfiRequested',
              applicationId: input.applicationId,
              values: { comment: input.serviceWorkerComment },
              // The due day as the reader's language writes a date, not as the form sent it.
              valuesIn: (lang) => ({ due: createFormats(lang).date(input.dueDate) }),
              links: [rfiLink(input.applicationId)],
            },
          ],
        });
        await applyRfiStatusRule(trx, audit, input.applicationId, input.actor, `Information requested (RFI ${rfi.id})`);
        return { rfiId: rfi.id };
      });
    },

    /** Staff close a pending RFI; the application returns to in-review when none is left pending. */
    async complete(input: { rfiId: number; actor: Actor }): Promise<'completed' | 'not-pending' | 'not-found'> {
      return db.transaction().execute(async (trx) => {
        if (!(await lockApplicationOfRfi(trx, input.rfiId))) return 'not-found';
        const before = await trx
          .selectFrom('rfi')
          .innerJoin('application', 'application.id', 'rfi.application_id')
          .select(['rfi.status', 'rfi.application_id', 'application.owner_id'])
          .where('rfi.id', '=', input.rfiId)
          .forUpdate('rfi')
          .executeTakeFirst();
        if (!before) return 'not-found';
        if (before.status !== 'pending') return 'not-pending';
        await trx
          .updateTable('rfi')
          .set({ status: 'completed', completed_by: input.actor.id, completed_at: new Date() })
          .where('id', '=', input.rfiId)
          .execute();
        await audit.recordChange(trx, {
          actor: input.actor,
          action: 'rfi.completed',
          entity: { type: 'rfi', id: input.rfiId },
          before: { status: 'pending' },
          after: { applicationId: before.application_id, status: 'completed' },
          notify: [
            {
              userId: before.owner_id,
              event: 'rfiCompleted',
              applicationId: before.application_id,
              links: [rfiLink(before.application_id)],
            },
          ],
        });
        await applyRfiStatusRule(
          trx,
          audit,
          before.application_id,
          input.actor,
          `Information received (RFI ${input.rfiId})`,
        );
        return 'completed';
      });
    },
  };
}
export type RfiRequestsRepository = ReturnType<typeof createRfiRequestsRepository>;

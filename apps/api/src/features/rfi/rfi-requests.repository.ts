import { type Rfi, undecidedStatuses } from '@ccap/contracts';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { DB, RfiDocumentTable } from '../../db/schema';
import type { Actor, AuditRepository } from '../audit/audit.repository';
import { createFormats } from '../application/pdf/formats';
import type { StoredFile } from '../documents/documents.repository';
import {
  findSubject,
  isOpenForRequests,
  lockSubjectOfRfi,
  type RfiSubject,
  type RfiSubjectKey,
  rfiNotice,
  subjectColumn,
  subjectOfRfi,
} from './rfi-application';
import { fileFacts, insertRfiFile, rfiFileUrl } from './rfi-files.repository';
import { applyRfiStatusRule } from './rfi-status-rule';

interface CreateRfiInput {
  subject: RfiSubjectKey;
  serviceWorkerComment: string;
  dueDate: string;
  file?: StoredFile;
  actor: Actor;
}

type DocumentRow = Selectable<RfiDocumentTable> & { uploaded_by_email: string };

/**
 * Requests for information as staff make and close them, read by both sides, and the
 * application status rule they drive. An RFI is about an application or a reported change.
 */
export function createRfiRequestsRepository(db: Kysely<DB>, audit: AuditRepository) {
  /** An application's status follows its pending RFIs (see applyRfiStatusRule); a change's does not. */
  const statusFollowsRfis = async (
    trx: Transaction<DB>,
    subject: Pick<RfiSubject, 'kind' | 'applicationId'>,
    actor: Actor,
    reason: string,
  ) => {
    if (subject.kind === 'application') await applyRfiStatusRule(trx, audit, subject.applicationId, actor, reason);
  };

  /**
   * A new pending RFI (and its file, if any), an application moved to information-requested
   * and the notice queued, in the caller's transaction. Undefined when the application or change
   * has a decision by now (a race with the decision).
   */
  const createIn = async (trx: Transaction<DB>, input: CreateRfiInput): Promise<{ rfiId: number } | undefined> => {
    // The subject's row first, as every RFI write takes it (see lockSubjectOfRfi).
    const [table, id] =
      'changeId' in input.subject
        ? (['provider_change', input.subject.changeId] as const)
        : (['application', input.subject.applicationId] as const);
    const locked = await trx.selectFrom(table).select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    const subject = locked && (await findSubject(trx, input.subject));
    if (!subject || !isOpenForRequests(subject, undecidedStatuses)) return undefined;
    const rfi = await trx
      .insertInto('rfi')
      .values({
        application_id: subject.kind === 'application' ? subject.applicationId : null,
        change_id: subject.changeId,
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
        applicationId: subject.applicationId,
        ...(subject.changeId === null ? {} : { changeId: subject.changeId }),
        status: 'pending',
        dueDate: input.dueDate,
        ...(input.file && document ? { document: { rfiDocumentId: document.id, ...fileFacts(input.file) } } : {}),
      },
      notify: [
        rfiNotice(subject, 'rfiRequested', {
          userId: subject.ownerId,
          values: { comment: input.serviceWorkerComment },
          // The due day as the reader's language writes a date, not as the form sent it.
          valuesIn: (lang) => ({ due: createFormats(lang).date(input.dueDate) }),
        }),
      ],
    });
    await statusFollowsRfis(trx, subject, input.actor, `Information requested (RFI ${rfi.id})`);
    return { rfiId: rfi.id };
  };

  return {
    /** Staff may still ask for information: the application has no decision yet, the change is sent and undecided. */
    isOpenForRequests: (subject: RfiSubject) => isOpenForRequests(subject, undecidedStatuses),

    /** The application or change RFIs are asked on, or undefined. */
    findSubject: (key: RfiSubjectKey) => findSubject(db, key),

    /** An RFI with its subject, or undefined. */
    async find(rfiId: number) {
      const row = await db
        .selectFrom('rfi')
        .select(['rfi.id as rfiId', 'rfi.status as rfiStatus', 'rfi.created_by as requesterId'])
        .where('rfi.id', '=', rfiId)
        .executeTakeFirst();
      if (!row) return undefined;
      const subject = await subjectOfRfi(db, rfiId);
      return subject && { rfiId: row.rfiId, status: row.rfiStatus, requesterId: row.requesterId, subject };
    },

    /** Every RFI of an application or a change with its files, newest first. */
    async listFor(key: RfiSubjectKey): Promise<Rfi[]> {
      const [column, id] = subjectColumn(key);
      const rows = await db
        .selectFrom('rfi')
        .innerJoin('app_user as creator', 'creator.id', 'rfi.created_by')
        .leftJoin('provider_change as change', 'change.id', 'rfi.change_id')
        .leftJoin('provider_record as record', 'record.id', 'change.record_id')
        .select([
          'rfi.id',
          // A change's RFI names the application of the change's record.
          sql<number>`coalesce(rfi.application_id, record.application_id)`.as('application_id'),
          'rfi.change_id',
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
        .where(column, '=', id)
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
        applicationId: Number(row.application_id),
        changeId: row.change_id,
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

    /** RFIs still pending on an application or a change, answered or not (staff may complete them; the applicant may add to them). */
    async pendingCount(key: RfiSubjectKey): Promise<number> {
      const [column, id] = subjectColumn(key);
      const row = await db
        .selectFrom('rfi')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where(column, '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /**
     * A new pending RFI (and its file, if any), an application moved to information-requested
     * and the notice queued, in one transaction. Undefined when the application or change has a
     * decision by now (a race with the decision).
     */
    async create(input: CreateRfiInput): Promise<{ rfiId: number } | undefined> {
      return db.transaction().execute((trx) => createIn(trx, input));
    },

    /** Staff close a pending RFI; an application returns to in-review when none is left pending. */
    async complete(input: { rfiId: number; actor: Actor }): Promise<'completed' | 'not-pending' | 'not-found'> {
      return db.transaction().execute(async (trx) => {
        const subject = await lockSubjectOfRfi(trx, input.rfiId);
        if (!subject) return 'not-found';
        const before = await trx
          .selectFrom('rfi')
          .select(['rfi.status'])
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
          after: {
            applicationId: subject.applicationId,
            ...(subject.changeId === null ? {} : { changeId: subject.changeId }),
            status: 'completed',
          },
          notify: [rfiNotice(subject, 'rfiCompleted', { userId: subject.ownerId })],
        });
        await statusFollowsRfis(trx, subject, input.actor, `Information received (RFI ${input.rfiId})`);
        return 'completed';
      });
    },
  };
}
export type RfiRequestsRepository = ReturnType<typeof createRfiRequestsRepository>;

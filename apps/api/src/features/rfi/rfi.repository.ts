import type { Rfi } from '@ccap/contracts';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { DB, RfiDocumentTable } from '../../db/schema';
import type { AuditRepository } from '../audit/audit.repository';
import type { StoredFile } from '../documents/documents.repository';
import type { Notifier } from '../notifications/notifier';
import { programDay } from '../program/program-day';

type Executor = Kysely<DB> | Transaction<DB>;

/** The application an RFI call is about: enough to decide access and whether it is open. */
export interface ApplicationOfRfi {
  applicationId: number;
  ownerId: string;
  county: string | null;
  status: DB['application']['status'];
}

export interface Actor {
  id: string;
  label: string;
  requestId: string;
}

/** Statuses in which staff may still ask for information: before a decision. */
const OPEN_STATUSES = ['submitted', 'in-review', 'information-requested'] as const;

type DocumentRow = Selectable<RfiDocumentTable> & { uploaded_by_email: string };

const documentUrl = (id: number) => `/api/Rfi/documents/${id}/file`;

/** Requests for information, their files, and the application status rule they drive. */
export function createRfiRepository(db: Kysely<DB>, audit: AuditRepository, notifier: Notifier, timeZone = 'UTC') {
  const applicationColumns = [
    'application.id as applicationId',
    'application.owner_id as ownerId',
    'application.county as county',
    'application.status as status',
  ] as const;

  const insertDocument = async (trx: Transaction<DB>, rfiId: number, file: StoredFile, uploadedBy: string) =>
    trx
      .insertInto('rfi_document')
      .values({
        rfi_id: rfiId,
        stored_name: file.storedName,
        display_name: file.displayName,
        content_type: file.contentType,
        size_bytes: file.size,
        sha256: file.sha256,
        blob_key: file.blobKey,
        uploaded_by: uploadedBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  /**
   * Every transaction that writes an application's RFIs (a request, an answer, a completion, a
   * decision, which completes the pending ones) locks the application's row first, then the
   * RFI's: taken in one order everywhere, no two can wait on each other in a cycle (a deadlock
   * PostgreSQL ends by failing one of them). Answers undefined when the RFI does not exist.
   */
  const lockApplicationOfRfi = (trx: Transaction<DB>, rfiId: number) =>
    trx
      .selectFrom('application')
      .select('id')
      .where('id', '=', (eb) => eb.selectFrom('rfi').select('rfi.application_id').where('rfi.id', '=', rfiId))
      .forUpdate()
      .executeTakeFirst();

  const fileFacts = (file: StoredFile) => ({
    fileName: file.displayName,
    contentType: file.contentType,
    size: file.size,
    sha256: file.sha256,
  });

  const pendingCount = async (applicationId: number, executor: Executor = db): Promise<number> => {
    const row = await executor
      .selectFrom('rfi')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('application_id', '=', applicationId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };

  /**
   * DESIGN.md section 6: while an RFI is pending the application is information-requested;
   * once every RFI is completed it is in-review again. Each change is audited, so the
   * dashboard's status history shows it.
   */
  const applyStatusRule = async (trx: Transaction<DB>, applicationId: number, actor: Actor, reason: string) => {
    const application = await trx
      .selectFrom('application')
      .select('status')
      .where('id', '=', applicationId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const next =
      (await pendingCount(applicationId, trx)) > 0
        ? (['submitted', 'in-review'] as string[]).includes(application.status)
          ? 'information-requested'
          : undefined
        : application.status === 'information-requested'
          ? 'in-review'
          : undefined;
    if (!next) return;
    await trx
      .updateTable('application')
      .set({ status: next, updated_at: new Date(), version: sql`version + 1` })
      .where('id', '=', applicationId)
      .execute();
    await audit.record(
      {
        actorId: actor.id,
        actorLabel: actor.label,
        action: 'application.status-changed',
        entityType: 'application',
        entityId: String(applicationId),
        before: { status: application.status },
        after: { status: next },
        reason,
        requestId: actor.requestId,
      },
      trx,
    );
  };

  const rfiLink = (applicationId: number) => ({ kind: 'rfi' as const, href: `/rfi-v1/${applicationId}` });

  return {
    isOpenForRequests: (status: ApplicationOfRfi['status']) => (OPEN_STATUSES as readonly string[]).includes(status),

    async findApplication(applicationId: number): Promise<ApplicationOfRfi | undefined> {
      return db.selectFrom('application').select(applicationColumns).where('id', '=', applicationId).executeTakeFirst();
    },

    /** An RFI with its application, or undefined. */
    async find(rfiId: number) {
      const row = await db
        .selectFrom('rfi')
        .innerJoin('application', 'application.id', 'rfi.application_id')
        .select(['rfi.id as rfiId', 'rfi.status as rfiStatus', 'rfi.created_by as requesterId'])
        .select(applicationColumns)
        .where('rfi.id', '=', rfiId)
        .executeTakeFirst();
      if (!row) return undefined;
      const { rfiId: id, rfiStatus, requesterId, ...application } = row;
      return { rfiId: id, status: rfiStatus, requesterId, application };
    },

    /** An RFI's file with the application it belongs to, or undefined. */
    async findDocument(rfiDocumentId: number) {
      const row = await db
        .selectFrom('rfi_document')
        .innerJoin('rfi', 'rfi.id', 'rfi_document.rfi_id')
        .innerJoin('application', 'application.id', 'rfi.application_id')
        .selectAll('rfi_document')
        .select(applicationColumns)
        .where('rfi_document.id', '=', rfiDocumentId)
        .executeTakeFirst();
      if (!row) return undefined;
      const { applicationId, ownerId, county, status, ...document } = row;
      return { document, application: { applicationId, ownerId, county, status } };
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
            url: documentUrl(document.id),
          })),
      }));
    },

    /** RFIs still pending on an application, answered or not (staff may complete them; the applicant may add to them). */
    pendingCount: (applicationId: number) => pendingCount(applicationId),

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
        if (!application || !(OPEN_STATUSES as readonly string[]).includes(application.status)) return undefined;
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
        const document = input.file ? await insertDocument(trx, rfi.id, input.file, input.actor.id) : undefined;
        await audit.record(
          {
            actorId: input.actor.id,
            actorLabel: input.actor.label,
            action: 'rfi.requested',
            entityType: 'rfi',
            entityId: String(rfi.id),
            after: {
              applicationId: input.applicationId,
              status: 'pending',
              dueDate: input.dueDate,
              ...(input.file && document ? { document: { rfiDocumentId: document.id, ...fileFacts(input.file) } } : {}),
            },
            requestId: input.actor.requestId,
          },
          trx,
        );
        await applyStatusRule(trx, input.applicationId, input.actor, `Information requested (RFI ${rfi.id})`);
        await notifier.notify(trx, {
          userId: application.owner_id,
          event: 'rfiRequested',
          applicationId: input.applicationId,
          values: { comment: input.serviceWorkerComment, due: input.dueDate },
          links: [rfiLink(input.applicationId)],
        });
        return { rfiId: rfi.id };
      });
    },

    /**
     * The applicant's answer: the comment (when given) replaces an earlier one, the file is
     * added. 'not-pending' when the RFI was completed meanwhile.
     */
    async respond(input: {
      rfiId: number;
      applicantComment: string | undefined;
      file?: StoredFile;
      actor: Actor;
    }): Promise<'answered' | 'not-pending' | 'not-found'> {
      return db.transaction().execute(async (trx) => {
        if (!(await lockApplicationOfRfi(trx, input.rfiId))) return 'not-found';
        const before = await trx
          .selectFrom('rfi')
          .innerJoin('application', 'application.id', 'rfi.application_id')
          .select([
            'rfi.status',
            'rfi.applicant_comment',
            'rfi.application_id',
            'rfi.created_by',
            'application.owner_id',
          ])
          .where('rfi.id', '=', input.rfiId)
          .forUpdate()
          .executeTakeFirst();
        if (!before) return 'not-found';
        if (before.status !== 'pending') return 'not-pending';
        await trx
          .updateTable('rfi')
          .set({
            ...(input.applicantComment ? { applicant_comment: input.applicantComment } : {}),
            responded_by: input.actor.id,
            responded_at: new Date(),
          })
          .where('id', '=', input.rfiId)
          .execute();
        const document = input.file ? await insertDocument(trx, input.rfiId, input.file, input.actor.id) : undefined;
        await audit.record(
          {
            actorId: input.actor.id,
            actorLabel: input.actor.label,
            action: 'rfi.answered',
            entityType: 'rfi',
            entityId: String(input.rfiId),
            before: { applicantComment: before.applicant_comment },
            after: {
              applicationId: before.application_id,
              applicantComment: input.applicantComment ?? before.applicant_comment,
              ...(input.file && document ? { document: { rfiDocumentId: document.id, ...fileFacts(input.file) } } : {}),
            },
            requestId: input.actor.requestId,
          },
          trx,
        );
        await notifier.notify(trx, {
          userId: before.created_by,
          event: 'rfiAnswered',
          applicationId: before.application_id,
          links: [
            rfiLink(before.application_id),
            { kind: 'review', href: `/staff/applications/${before.application_id}` },
          ],
        });
        return 'answered';
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
        await audit.record(
          {
            actorId: input.actor.id,
            actorLabel: input.actor.label,
            action: 'rfi.completed',
            entityType: 'rfi',
            entityId: String(input.rfiId),
            before: { status: 'pending' },
            after: { applicationId: before.application_id, status: 'completed' },
            requestId: input.actor.requestId,
          },
          trx,
        );
        await applyStatusRule(trx, before.application_id, input.actor, `Information received (RFI ${input.rfiId})`);
        await notifier.notify(trx, {
          userId: before.owner_id,
          event: 'rfiCompleted',
          applicationId: before.application_id,
          links: [rfiLink(before.application_id)],
        });
        return 'completed';
      });
    },

    /**
     * Reminds applicants of RFIs past their due date: pending, not answered yet, due before
     * today where the program is (as the staff queue counts an RFI overdue), on an application still open, and
     * not reminded. One reminder per RFI: rows are claimed with SKIP LOCKED and marked
     * `reminded_at` in the transaction that writes the notice, so several instances never
     * remind twice. Answers how many were reminded (at most `batch`; the next run takes the rest).
     */
    async remindDueRfis(now = new Date(), batch = 50): Promise<number> {
      const today = programDay(timeZone, now);
      return db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom('rfi')
          .innerJoin('application', 'application.id', 'rfi.application_id')
          .select([
            'rfi.id',
            'rfi.application_id',
            'application.owner_id',
            sql<string>`to_char(rfi.due_date, 'YYYY-MM-DD')`.as('due_date'),
          ])
          .where('rfi.status', '=', 'pending')
          .where('rfi.responded_at', 'is', null)
          .where('rfi.reminded_at', 'is', null)
          .where('rfi.due_date', '<', sql<Date>`${today}::date`)
          .where('application.status', 'in', OPEN_STATUSES)
          .orderBy('rfi.id')
          .limit(batch)
          .forUpdate('rfi')
          .skipLocked()
          .execute();
        for (const rfi of due) {
          await notifier.notify(trx, {
            userId: rfi.owner_id,
            event: 'rfiDue',
            applicationId: rfi.application_id,
            values: { due: rfi.due_date },
            links: [rfiLink(rfi.application_id)],
          });
          await trx.updateTable('rfi').set({ reminded_at: now }).where('id', '=', rfi.id).execute();
        }
        return due.length;
      });
    },

    /** Which of these blob keys an RFI file row still points at (the orphan sweep keeps those). */
    async referencedKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db.selectFrom('rfi_document').select('blob_key').where('blob_key', 'in', keys).execute();
      return new Set(rows.map((row) => row.blob_key));
    },
  };
}
export type RfiRepository = ReturnType<typeof createRfiRepository>;

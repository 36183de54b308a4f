import { isStatusIn, type RequiredDocument, statusesOpenForDocuments } from '@ccap/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { ApplicationDocumentTable, DB } from '../../db/schema';
import type { AuditRepository } from '../audit/audit.repository';
import type { Notice } from '../notifications/notifier';

export type DocumentRow = Selectable<ApplicationDocumentTable>;

/** The application a document call is about: enough to decide access and whether uploads are open. */
export interface ApplicationOfDocument {
  applicationId: number;
  ownerId: string;
  county: string | null;
  status: DB['application']['status'];
}

export interface StoredFile {
  storedName: string;
  displayName: string;
  contentType: string;
  size: number;
  sha256: string;
  blobKey: string;
}

/** A stored file's columns, as every table of files names them. */
export const storedFileColumns = (file: StoredFile) => ({
  stored_name: file.storedName,
  display_name: file.displayName,
  content_type: file.contentType,
  size_bytes: file.size,
  sha256: file.sha256,
  blob_key: file.blobKey,
});

/** The facts of a file's row the audit trail keeps (never its bytes). */
export const fileFactsOf = <Row extends Pick<DocumentRow, 'display_name' | 'content_type' | 'size_bytes' | 'sha256'>>(
  row: Row,
) => ({
  fileName: row.display_name,
  contentType: row.content_type,
  size: row.size_bytes,
  sha256: row.sha256,
});

/** A document as its list shows it; `canUpload` says whether the caller may upload to it now. */
export function toRequiredDocument(row: DocumentRow, canUpload = false): RequiredDocument {
  const uploaded = row.blob_key !== null;
  return {
    documentId: row.id,
    code: row.code,
    documentName: row.document_name,
    description: row.description,
    isUploaded: uploaded,
    isRequired: row.is_required,
    isWaived: row.is_waived,
    waiveReason: row.is_waived ? row.waive_reason : null,
    canUpload,
    file: uploaded
      ? {
          fileName: row.display_name!,
          contentType: row.content_type!,
          size: row.size_bytes!,
          sha256: row.sha256!,
          uploadedAt: row.uploaded_at!.toISOString(),
        }
      : null,
  };
}

/** Required documents and the files behind them; the files' bytes are the blob store's. */
export function createDocumentsRepository(db: Kysely<DB>, audit: AuditRepository) {
  const applicationColumns = [
    'application.id as applicationId',
    'application.owner_id as ownerId',
    'application.county as county',
    'application.status as status',
  ] as const;

  return {
    async findApplication(applicationId: number): Promise<ApplicationOfDocument | undefined> {
      return db.selectFrom('application').select(applicationColumns).where('id', '=', applicationId).executeTakeFirst();
    },

    async listFor(applicationId: number): Promise<DocumentRow[]> {
      return db
        .selectFrom('application_document')
        .selectAll()
        .where('application_id', '=', applicationId)
        .orderBy('id')
        .execute();
    },

    /** A document with its application, or undefined. */
    async find(documentId: number): Promise<{ document: DocumentRow; application: ApplicationOfDocument } | undefined> {
      const row = await db
        .selectFrom('application_document')
        .innerJoin('application', 'application.id', 'application_document.application_id')
        .selectAll('application_document')
        .select(applicationColumns)
        .where('application_document.id', '=', documentId)
        .executeTakeFirst();
      if (!row) return undefined;
      const { applicationId, ownerId, county, status, ...document } = row;
      return { document, application: { applicationId, ownerId, county, status } };
    },

    /**
     * Records a stored file as the document's, replacing any earlier one, with its audit
     * entry, in one transaction. Answers the replaced file's blob key so the caller removes
     * it once this is committed; undefined when the document is gone.
     */
    async attachFile(input: {
      documentId: number;
      file: StoredFile;
      uploadedBy: string;
      actorLabel: string;
      requestId: string;
    }): Promise<{ document: DocumentRow; replacedBlobKey: string | null } | 'closed' | undefined> {
      return db.transaction().execute(async (trx) => {
        // The status was checked when the upload began, which can be minutes ago: a decision
        // made meanwhile closes the documents. The application's row first, as everywhere.
        const application = await trx
          .selectFrom('application')
          .select(['status', 'owner_id', 'assignee_id'])
          .where('id', '=', (eb) =>
            eb
              .selectFrom('application_document')
              .select('application_document.application_id')
              .where('application_document.id', '=', input.documentId),
          )
          .forUpdate()
          .executeTakeFirst();
        if (!application) return undefined;
        if (!isStatusIn(statusesOpenForDocuments, application.status)) return 'closed';
        const before = await trx
          .selectFrom('application_document')
          .selectAll()
          .where('id', '=', input.documentId)
          .forUpdate()
          .executeTakeFirst();
        if (!before) return undefined;
        const document = await trx
          .updateTable('application_document')
          .set({
            ...storedFileColumns(input.file),
            uploaded_by: input.uploadedBy,
            uploaded_at: new Date(),
          })
          .where('id', '=', input.documentId)
          .returningAll()
          .executeTakeFirstOrThrow();
        // A receipt to the applicant, and word to the staff member working the application.
        const values = { document: document.document_name };
        const receipt: Notice = {
          userId: application.owner_id,
          event: 'documentReceived',
          applicationId: document.application_id,
          values,
          links: [{ kind: 'documents', href: `/documents/${document.application_id}` }],
        };
        const toAssignee: Notice[] =
          application.assignee_id && application.assignee_id !== input.uploadedBy
            ? [
                {
                  userId: application.assignee_id,
                  event: 'documentReceived',
                  template: 'documentReceivedStaff',
                  applicationId: document.application_id,
                  values,
                  links: [{ kind: 'review', href: `/staff/applications/${document.application_id}` }],
                },
              ]
            : [];
        await audit.recordChange(trx, {
          actor: { id: input.uploadedBy, label: input.actorLabel, requestId: input.requestId },
          action: 'document.uploaded',
          entity: { type: 'application_document', id: document.id },
          before: before.blob_key ? fileFactsOf(before) : null,
          after: { applicationId: document.application_id, ...fileFactsOf(document) },
          notify: [receipt, ...toAssignee],
        });
        return { document, replacedBlobKey: before.blob_key };
      });
    },

    /** Which of these blob keys a document row still points at (the orphan sweep keeps those). */
    async referencedKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .selectFrom('application_document')
        .select('blob_key')
        .where('blob_key', 'in', keys)
        .execute();
      return new Set(rows.map((row) => row.blob_key!));
    },
  };
}
export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;

import type { ChangeStatus } from '@ccap/contracts';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, ProviderChangeDocumentTable } from '../../db/schema';
import type { Actor, AuditRepository } from '../audit/audit.repository';
import { fileFactsOf, type StoredFile, storedFileColumns } from '../documents/documents.repository';

export type ChangeDocumentRow = Selectable<ProviderChangeDocumentTable>;

/** Where a change's file is downloaded. */
export const changeDocumentUrl = (documentId: number) => `/api/ProviderRecord/changes/documents/${documentId}/file`;

export const toChangeDocumentFile = (row: ChangeDocumentRow) => ({
  documentId: row.id,
  code: row.code,
  documentName: row.document_name,
  fileName: row.display_name,
  contentType: row.content_type,
  size: row.size_bytes,
  uploadedAt: row.uploaded_at.toISOString(),
  url: changeDocumentUrl(row.id),
});

/** A change takes documents until it is decided: while a draft and while sent. */
export const changeOpenForDocuments = (status: ChangeStatus) => status === 'draft' || status === 'submitted';

/**
 * The files a provider uploads for the documents a reported change needs (ADR 101). Each write
 * locks the change's row first (as its decision does) and checks it is still open, so a file
 * never lands on a decided change; each is audited on the change.
 */
export function createChangeDocumentsRepository(db: Kysely<DB>, audit: AuditRepository) {
  /** The change's row, locked, when it still takes documents; 'closed' after a decision. */
  const lockOpenChange = async (trx: Transaction<DB>, changeId: number) => {
    const change = await trx
      .selectFrom('provider_change as c')
      .innerJoin('provider_record as r', 'r.id', 'c.record_id')
      .select(['c.id', 'c.status', 'r.application_id'])
      .where('c.id', '=', changeId)
      .forUpdate('c')
      .executeTakeFirst();
    if (!change) return undefined;
    return changeOpenForDocuments(change.status) ? change : ('closed' as const);
  };

  return {
    /** A change's files, oldest first. */
    async listFor(changeId: number): Promise<ChangeDocumentRow[]> {
      return db
        .selectFrom('provider_change_document')
        .selectAll()
        .where('change_id', '=', changeId)
        .orderBy('id')
        .execute();
    },

    async find(documentId: number): Promise<ChangeDocumentRow | undefined> {
      return db.selectFrom('provider_change_document').selectAll().where('id', '=', documentId).executeTakeFirst();
    },

    /** Records a stored file for one needed document of an open change; 'closed' once decided. */
    async add(input: {
      changeId: number;
      code: string;
      documentName: string;
      file: StoredFile;
      actor: Actor;
    }): Promise<ChangeDocumentRow | 'closed' | undefined> {
      return db.transaction().execute(async (trx) => {
        const change = await lockOpenChange(trx, input.changeId);
        if (change === undefined || change === 'closed') return change;
        const row = await trx
          .insertInto('provider_change_document')
          .values({
            change_id: input.changeId,
            code: input.code,
            document_name: input.documentName,
            ...storedFileColumns(input.file),
            uploaded_by: input.actor.id,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit.recordChange(trx, {
          actor: input.actor,
          action: 'provider-change.document-uploaded',
          entity: { type: 'provider_change', id: input.changeId },
          after: {
            applicationId: change.application_id,
            documentId: row.id,
            code: row.code,
            documentName: row.document_name,
            ...fileFactsOf(row),
          },
        });
        return row;
      });
    },

    /**
     * Removes a file of an open change; answers its blob key, for the caller to remove once this
     * is committed. 'closed' once the change is decided; undefined when the file is gone.
     */
    async remove(input: { documentId: number; actor: Actor }): Promise<{ blobKey: string } | 'closed' | undefined> {
      return db.transaction().execute(async (trx) => {
        const found = await trx
          .selectFrom('provider_change_document')
          .select('change_id')
          .where('id', '=', input.documentId)
          .executeTakeFirst();
        if (!found) return undefined;
        const change = await lockOpenChange(trx, found.change_id);
        if (change === undefined || change === 'closed') return change;
        const row = await trx
          .deleteFrom('provider_change_document')
          .where('id', '=', input.documentId)
          .returningAll()
          .executeTakeFirst();
        if (!row) return undefined;
        await audit.recordChange(trx, {
          actor: input.actor,
          action: 'provider-change.document-deleted',
          entity: { type: 'provider_change', id: row.change_id },
          before: { documentId: row.id, code: row.code, documentName: row.document_name, ...fileFactsOf(row) },
          after: { applicationId: change.application_id },
        });
        return { blobKey: row.blob_key };
      });
    },

    /** The files of the changes applied to a record, oldest first (the documents on file). */
    async listAppliedFor(applicationId: number): Promise<ChangeDocumentRow[]> {
      return db
        .selectFrom('provider_change_document as d')
        .innerJoin('provider_change as c', 'c.id', 'd.change_id')
        .innerJoin('provider_record as r', 'r.id', 'c.record_id')
        .selectAll('d')
        .where('r.application_id', '=', applicationId)
        .where('c.status', '=', 'applied')
        .orderBy('d.id')
        .execute();
    },

    /** Which of these blob keys a change's file still points at (the orphan sweep keeps those). */
    async referencedKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .selectFrom('provider_change_document')
        .select('blob_key')
        .where('blob_key', 'in', keys)
        .execute();
      return new Set(rows.map((row) => row.blob_key));
    },
  };
}
export type ChangeDocumentsRepository = ReturnType<typeof createChangeDocumentsRepository>;

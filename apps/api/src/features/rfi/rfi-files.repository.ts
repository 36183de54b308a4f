import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { type StoredFile, storedFileColumns } from '../documents/documents.repository';
import { subjectOfRfi } from './rfi-application';

/** Where an RFI's file is downloaded. */
export const rfiFileUrl = (id: number) => `/api/Rfi/documents/${id}/file`;

/** A stored file as the audit trail describes it. */
export const fileFacts = (file: StoredFile) => ({
  fileName: file.displayName,
  contentType: file.contentType,
  size: file.size,
  sha256: file.sha256,
});

/** Writes the row of a file sent with a request or an answer, in that write's transaction. */
export const insertRfiFile = async (trx: Transaction<DB>, rfiId: number, file: StoredFile, uploadedBy: string) =>
  trx
    .insertInto('rfi_document')
    .values({
      rfi_id: rfiId,
      ...storedFileColumns(file),
      uploaded_by: uploadedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/** The files sent with requests for information and their answers. */
export function createRfiFilesRepository(db: Kysely<DB>) {
  return {
    /** An RFI's file with what its RFI is about (an application or a change), or undefined. */
    async find(rfiDocumentId: number) {
      const document = await db
        .selectFrom('rfi_document')
        .selectAll()
        .where('id', '=', rfiDocumentId)
        .executeTakeFirst();
      if (!document) return undefined;
      const subject = await subjectOfRfi(db, document.rfi_id);
      return subject && { document, subject };
    },

    /** Which of these blob keys an RFI file row still points at (the orphan sweep keeps those). */
    async referencedKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db.selectFrom('rfi_document').select('blob_key').where('blob_key', 'in', keys).execute();
      return new Set(rows.map((row) => row.blob_key));
    },
  };
}
export type RfiFilesRepository = ReturnType<typeof createRfiFilesRepository>;

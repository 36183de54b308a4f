import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor, AuditRepository } from '../audit/audit.repository';
import type { StoredFile } from '../documents/documents.repository';
import { lockApplicationOfRfi, rfiLink } from './rfi-application';
import { fileFacts, insertRfiFile } from './rfi-files.repository';

/** The applicant's answers to requests for information. */
export function createRfiAnswersRepository(db: Kysely<DB>, audit: AuditRepository) {
  return {
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
        const document = input.file ? await insertRfiFile(trx, input.rfiId, input.file, input.actor.id) : undefined;
        await audit.recordChange(trx, {
          actor: input.actor,
          action: 'rfi.answered',
          entity: { type: 'rfi', id: input.rfiId },
          before: { applicantComment: before.applicant_comment },
          after: {
            applicationId: before.application_id,
            applicantComment: input.applicantComment ?? before.applicant_comment,
            ...(input.file && document ? { document: { rfiDocumentId: document.id, ...fileFacts(input.file) } } : {}),
          },
          notify: [
            {
              userId: before.created_by,
              event: 'rfiAnswered',
              applicationId: before.application_id,
              links: [
                rfiLink(before.application_id),
                { kind: 'review', href: `/staff/applications/${before.application_id}` },
              ],
            },
          ],
        });
        return 'answered';
      });
    },
  };
}
export type RfiAnswersRepository = ReturnType<typeof createRfiAnswersRepository>;

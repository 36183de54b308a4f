import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor, AuditRepository } from '../audit/audit.repository';
import type { StoredFile } from '../documents/documents.repository';
import { lockSubjectOfRfi, rfiNotice } from './rfi-application';
import { answerReaders } from './rfi-automatic';
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
        const subject = await lockSubjectOfRfi(trx, input.rfiId);
        if (!subject) return 'not-found';
        const before = await trx
          .selectFrom('rfi')
          .select(['rfi.status', 'rfi.applicant_comment', 'rfi.created_by'])
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
            applicationId: subject.applicationId,
            ...(subject.changeId === null ? {} : { changeId: subject.changeId }),
            applicantComment: input.applicantComment ?? before.applicant_comment,
            ...(input.file && document ? { document: { rfiDocumentId: document.id, ...fileFacts(input.file) } } : {}),
          },
          notify: (await answerReaders(trx, before.created_by, subject.county)).map((userId) =>
            rfiNotice(subject, 'rfiAnswered', { userId }),
          ),
        });
        return 'answered';
      });
    },
  };
}
export type RfiAnswersRepository = ReturnType<typeof createRfiAnswersRepository>;

import type { Transaction } from 'kysely';
import { PROGRAM_USER_ID } from '../../db/migrations/0040-credential-expiry';
import type { DB } from '../../db/schema';
import type { AuditRepository } from '../audit/audit.repository';
import { createFormats } from '../application/pdf/formats';
import { countyWorkers } from '../provider-record/notice-helpers';
import { findApplicationSubject, rfiNotice } from './rfi-application';

/** The author of the RFIs the portal opens itself (ADR 116); no one signs in as it. */
export const PROGRAM_USER = PROGRAM_USER_ID;

/**
 * An RFI the portal opens itself on an approved application (its provider record), in the
 * caller's transaction: a credential about to expire. Unlike staff's requests it does not need
 * the application undecided, and it leaves the application's status as it is (the status rule
 * moves only undecided applications). Audited as the job, the provider told in their language.
 */
export async function openAutomaticRfi(
  trx: Transaction<DB>,
  audit: AuditRepository,
  input: { applicationId: number; comment: string; dueDate: string; job: string },
): Promise<{ rfiId: number } | undefined> {
  await trx.selectFrom('application').select('id').where('id', '=', input.applicationId).forUpdate().execute();
  const subject = await findApplicationSubject(trx, input.applicationId);
  if (!subject) return undefined;
  const rfi = await trx
    .insertInto('rfi')
    .values({
      application_id: subject.applicationId,
      change_id: null,
      service_worker_comment: input.comment,
      due_date: input.dueDate,
      created_by: PROGRAM_USER,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit.recordChange(trx, {
    actor: { id: null, label: input.job },
    action: 'rfi.requested',
    entity: { type: 'rfi', id: rfi.id },
    after: { applicationId: subject.applicationId, status: 'pending', dueDate: input.dueDate, automatic: true },
    notify: [
      rfiNotice(subject, 'rfiRequested', {
        userId: subject.ownerId,
        values: { comment: input.comment },
        valuesIn: (lang) => ({ due: createFormats(lang).date(input.dueDate) }),
      }),
    ],
  });
  return { rfiId: rfi.id };
}

/**
 * Who is told of an answer to an RFI: the staff member who asked, or, for one the portal opened
 * itself, the service workers of the application's county (names compared as staff type them).
 */
export async function answerReaders(trx: Transaction<DB>, createdBy: string, county: string | null): Promise<string[]> {
  if (createdBy !== PROGRAM_USER) return [createdBy];
  return countyWorkers(trx, county);
}

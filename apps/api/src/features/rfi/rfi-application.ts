import type { ChangeStatus } from '@ccap/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Notice } from '../notifications/notifier';

type Executor = Kysely<DB> | Transaction<DB>;

/** The application an RFI call is about: enough to decide access and whether it is open. */
export interface ApplicationOfRfi {
  applicationId: number;
  ownerId: string;
  county: string | null;
  status: DB['application']['status'];
}

/**
 * What an RFI is about: an application, or a change reported on a provider record (with the
 * record's application and county, which decide who may see it).
 */
export type RfiSubject =
  | (ApplicationOfRfi & { kind: 'application'; changeId: null })
  | {
      kind: 'change';
      changeId: number;
      applicationId: number;
      ownerId: string;
      county: string | null;
      status: ChangeStatus;
    };

/** How a call names the subject of its RFIs. */
export type RfiSubjectKey = { applicationId: number } | { changeId: number };

export const applicationOfRfiColumns = [
  'application.id as applicationId',
  'application.owner_id as ownerId',
  'application.county as county',
  'application.status as status',
] as const;

/** The application as an RFI's subject, or undefined. */
export const findApplicationSubject = async (
  executor: Executor,
  applicationId: number,
): Promise<RfiSubject | undefined> => {
  const row = await executor
    .selectFrom('application')
    .select(applicationOfRfiColumns)
    .where('id', '=', applicationId)
    .executeTakeFirst();
  return row && { kind: 'application', changeId: null, ...row };
};

/** The reported change as an RFI's subject, or undefined. */
export const findChangeSubject = async (executor: Executor, changeId: number): Promise<RfiSubject | undefined> => {
  const row = await executor
    .selectFrom('provider_change as c')
    .innerJoin('provider_record as r', 'r.id', 'c.record_id')
    .select(['c.id as changeId', 'r.application_id as applicationId', 'c.owner_id as ownerId', 'r.county', 'c.status'])
    .where('c.id', '=', changeId)
    .executeTakeFirst();
  return row && { kind: 'change', ...row };
};

export const findSubject = (executor: Executor, key: RfiSubjectKey) =>
  'changeId' in key ? findChangeSubject(executor, key.changeId) : findApplicationSubject(executor, key.applicationId);

/** The subject of an RFI, or undefined when the RFI does not exist. */
export const subjectOfRfi = async (executor: Executor, rfiId: number) => {
  const rfi = await executor
    .selectFrom('rfi')
    .select(['application_id', 'change_id'])
    .where('id', '=', rfiId)
    .executeTakeFirst();
  if (!rfi) return undefined;
  return rfi.change_id !== null
    ? findChangeSubject(executor, rfi.change_id)
    : findApplicationSubject(executor, rfi.application_id!);
};

/** The RFI rows of a subject. */
export const subjectColumn = (key: RfiSubjectKey) =>
  'changeId' in key ? (['rfi.change_id', key.changeId] as const) : (['rfi.application_id', key.applicationId] as const);

export const keyOf = (subject: RfiSubject): RfiSubjectKey =>
  subject.kind === 'change' ? { changeId: subject.changeId } : { applicationId: subject.applicationId };

/** Staff may still ask for information: the application has no decision yet, the change is sent and undecided. */
export const isOpenForRequests = (subject: RfiSubject, undecided: readonly string[]) =>
  subject.kind === 'change' ? subject.status === 'submitted' : undecided.includes(subject.status);

/** Where a notice about an application's RFIs leads. */
export const rfiLink = (applicationId: number) => ({ kind: 'rfi' as const, href: `/rfi-v1/${applicationId}` });

/**
 * A notice about an RFI to the provider (`to: 'owner'`) or the staff member who asked: about an
 * application, the event's own texts and the RFI page; about a change, the change's texts and
 * its page.
 */
export const rfiNotice = (
  subject: RfiSubject,
  event: 'rfiRequested' | 'rfiAnswered' | 'rfiCompleted',
  notice: Omit<Notice, 'event' | 'links' | 'applicationId' | 'template'>,
): Notice => {
  const staff = event === 'rfiAnswered';
  if (subject.kind === 'application') {
    return {
      ...notice,
      event,
      applicationId: subject.applicationId,
      links: staff
        ? [rfiLink(subject.applicationId), { kind: 'review', href: `/staff/applications/${subject.applicationId}` }]
        : [rfiLink(subject.applicationId)],
    };
  }
  const templates = {
    rfiRequested: 'changeRfiRequested',
    rfiAnswered: 'changeRfiAnswered',
    rfiCompleted: 'changeRfiCompleted',
  } as const;
  return {
    ...notice,
    event,
    template: templates[event],
    applicationId: subject.applicationId,
    values: { ...notice.values, change: subject.changeId },
    links: staff
      ? [{ kind: 'review', href: `/staff/changes/${subject.changeId}` }]
      : [{ kind: 'rfi', href: `/my-provider-record/changes/${subject.changeId}` }],
  };
};

/**
 * Every transaction that writes an RFI (a request, an answer, a completion, a decision, which
 * completes the pending ones) locks its subject's row first (the application's, or the
 * change's), then the RFI's: taken in one order everywhere, no two can wait on each other in a
 * cycle (a deadlock PostgreSQL ends by failing one of them). Answers undefined when the RFI
 * does not exist.
 */
export const lockSubjectOfRfi = async (trx: Transaction<DB>, rfiId: number) => {
  const rfi = await trx
    .selectFrom('rfi')
    .select(['application_id', 'change_id'])
    .where('id', '=', rfiId)
    .executeTakeFirst();
  if (!rfi) return undefined;
  if (rfi.change_id !== null) {
    const locked = await trx
      .selectFrom('provider_change')
      .select('id')
      .where('id', '=', rfi.change_id)
      .forUpdate()
      .executeTakeFirst();
    return locked && findChangeSubject(trx, rfi.change_id);
  }
  const locked = await trx
    .selectFrom('application')
    .select('id')
    .where('id', '=', rfi.application_id!)
    .forUpdate()
    .executeTakeFirst();
  return locked && findApplicationSubject(trx, rfi.application_id!);
};

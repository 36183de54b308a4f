import {
  isStatusIn,
  maskProtectedFields,
  protectedFieldsOf,
  type StaffAction,
  type SubmittedStatus,
  staffTransitions,
  undecidedStatuses,
} from '@ccap/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { FieldCipher } from '../../crypto/field-cipher';
import type { DB } from '../../db/schema';
import type { Actor, AuditRepository } from '../audit/audit.repository';
import type { ProviderRecordsRepository } from '../provider-record/provider-records.repository';
import { closePendingRfis } from '../rfi/rfi-subject-decided';
import { assigneeOf } from './staff-views';

export type ChangeOutcome<T> =
  | { outcome: 'done'; value: T }
  | { outcome: 'not-found' }
  | { outcome: 'conflict'; currentVersion: number; changedAt: Date }
  | { outcome: 'invalid'; status: SubmittedStatus }
  | { outcome: 'closed'; status: SubmittedStatus };

/** One application under review, and the decisions and assignments made on it. */
export function createReviewRepository(
  db: Kysely<DB>,
  audit: AuditRepository,
  cipher: FieldCipher,
  records: ProviderRecordsRepository,
) {
  /** Locks the application and checks the version the caller saw. */
  const lockForChange = async (trx: Transaction<DB>, applicationId: number, version: number) => {
    const row = await trx
      .selectFrom('application')
      .selectAll()
      .where('id', '=', applicationId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { outcome: 'not-found' as const };
    if (row.version !== version) {
      return { outcome: 'conflict' as const, currentVersion: row.version, changedAt: row.updated_at };
    }
    return { outcome: 'locked' as const, row };
  };

  const changeAnswer = async (trx: Transaction<DB>, applicationId: number) => {
    const row = await trx
      .selectFrom('application as a')
      .leftJoin('app_user as u', 'u.id', 'a.assignee_id')
      .select(['a.id', 'a.status', 'a.version', 'a.assignee_id', 'u.name as assignee_name'])
      .where('a.id', '=', applicationId)
      .executeTakeFirstOrThrow();
    return { applicationId: row.id, status: row.status, version: row.version, assignee: assigneeOf(row) };
  };

  return {
    /**
     * The application with its assignee, whoever asks: the route decides who may see it. Its
     * protected answers are masked (ADR 080): only `reveal` gives one, audited.
     */
    async find(applicationId: number) {
      const row = await db
        .selectFrom('application as a')
        .leftJoin('app_user as u', 'u.id', 'a.assignee_id')
        .selectAll('a')
        .select('u.name as assignee_name')
        .where('a.id', '=', applicationId)
        .executeTakeFirst();
      if (!row) return undefined;
      const { data_key: dataKey, tin_hmac: _tinHmac, ...rest } = row;
      const answers = await cipher.open('application', row.id, row.application_json, dataKey);
      return { ...rest, application_json: maskProtectedFields(answers) };
    },

    /**
     * One protected answer in clear, for a member of staff who said why they need it: the
     * reveal is audited (action `application.reveal`, the field and the reason) in the same
     * transaction, or nothing is answered. Undefined when the application has no such answer.
     */
    async reveal(input: { applicationId: number; field: string; reason: string; actor: Actor }) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('application')
          .select(['id', 'application_json', 'data_key'])
          .where('id', '=', input.applicationId)
          .executeTakeFirst();
        if (!row) return undefined;
        const answers = await cipher.open('application', row.id, row.application_json, row.data_key);
        const field = protectedFieldsOf(answers).find((candidate) => candidate.path === input.field);
        if (!field) return undefined;
        await audit.recordChange(trx, {
          actor: input.actor,
          action: 'application.reveal',
          entity: { type: 'application', id: row.id },
          after: { field: field.path },
          reason: input.reason,
        });
        return field.value;
      });
    },

    async changeStatus(input: {
      applicationId: number;
      action: StaffAction;
      version: number;
      reason: string | undefined;
      actor: Actor;
    }) {
      return db.transaction().execute(async (trx) => {
        const locked = await lockForChange(trx, input.applicationId, input.version);
        if (locked.outcome !== 'locked') return locked;
        const { row } = locked;
        const transition = staffTransitions[input.action];
        if (!isStatusIn(transition.from, row.status)) {
          return { outcome: 'invalid' as const, status: row.status };
        }
        const decided = input.action === 'approve' || input.action === 'deny';
        const now = new Date();
        await trx
          .updateTable('application')
          .set({
            status: transition.to,
            version: row.version + 1,
            updated_at: now,
            // Either ends the wait; only a decision counts in the decision-time statistics.
            ...(decided ? { decided_at: now } : {}),
            ...(input.action === 'withdraw' ? { withdrawn_at: now } : {}),
          })
          .where('id', '=', row.id)
          .execute();
        if (!isStatusIn(undecidedStatuses, transition.to)) {
          await closePendingRfis(
            trx,
            audit,
            { kind: 'application', applicationId: row.id },
            transition.to,
            input.actor,
          );
        }
        // An approval makes the provider's record (its first version), which publishes the
        // provider into the public directory; a renewal's approval gives the record it renews a
        // new version and a new last day (ADR 117). A denied renewal leaves the record as it was.
        const approval = { actor: input.actor, reason: input.reason ?? null };
        const record =
          input.action !== 'approve'
            ? undefined
            : row.kind === 'renewal'
              ? await records.renew(trx, { renewalId: row.id, ...approval })
              : await records.createFromApplication(trx, { applicationId: row.id, ...approval });
        const directory = record?.directory;
        const renewed = record && 'endsOn' in record ? { recordId: record.recordId, endsOn: record.endsOn } : {};
        await audit.recordChange(trx, {
          actor: input.actor,
          action: `application.${input.action}`,
          entity: { type: 'application', id: row.id },
          before: { status: row.status, version: row.version },
          after: { status: transition.to, version: row.version + 1, ...(directory ? { directory } : {}), ...renewed },
          reason: input.reason ?? null,
          notify: [
            {
              userId: row.owner_id,
              event: decided ? 'decisionMade' : 'statusChanged',
              applicationId: row.id,
              status: transition.to,
              links: [{ kind: 'application', href: '/dashboard' }],
            },
          ],
        });
        return { outcome: 'done' as const, value: await changeAnswer(trx, row.id) };
      });
    },

    /**
     * Takes the application (assignee = the actor) or gives it back (null), while it is still
     * undecided: a decided or withdrawn one is 'closed', checked under the row's lock so a
     * decision cannot slip in between the check and the write.
     */
    async assign(input: { applicationId: number; assigneeId: string | null; version: number; actor: Actor }) {
      return db.transaction().execute(async (trx) => {
        const locked = await lockForChange(trx, input.applicationId, input.version);
        if (locked.outcome !== 'locked') return locked;
        const { row } = locked;
        if (!isStatusIn(undecidedStatuses, row.status)) {
          return { outcome: 'closed' as const, status: row.status };
        }
        await trx
          .updateTable('application')
          .set({ assignee_id: input.assigneeId, version: row.version + 1, updated_at: new Date() })
          .where('id', '=', row.id)
          .execute();
        await audit.recordChange(trx, {
          actor: input.actor,
          action: 'application.assigned',
          entity: { type: 'application', id: row.id },
          before: { assigneeId: row.assignee_id, version: row.version },
          after: { assigneeId: input.assigneeId, version: row.version + 1 },
        });
        return { outcome: 'done' as const, value: await changeAnswer(trx, row.id) };
      });
    },
  };
}
export type ReviewRepository = ReturnType<typeof createReviewRepository>;

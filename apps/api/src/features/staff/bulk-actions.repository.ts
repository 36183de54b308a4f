import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor, AuditRepository } from '../audit/audit.repository';

/** The bulk actions' own reads and writes: whose the items are, and a message to their providers. */
export function createBulkActionsRepository(db: Kysely<DB>, audit: AuditRepository) {
  return {
    /** What a bulk action reads of its items before doing each one: whose, where, and the name to show. */
    async facts(applicationIds: number[]) {
      const rows = await db
        .selectFrom('application')
        .select(['id', 'owner_id', 'county', 'provider_name'])
        .where('id', 'in', applicationIds)
        .execute();
      return new Map(rows.map((row) => [row.id, row]));
    },

    /**
     * A worker's message to the provider of one application, on the version the worker saw
     * (ADR 122): 'conflict' when the application changed since, else its audit entry (which the
     * review page's history lists) and the provider's notification, Inbox message and mail, as
     * their settings say, in one transaction. The application itself is not changed, so its
     * version stays; the shared lock keeps that version until the message is committed.
     */
    async messageOnVersion(input: { applicationId: number; message: string; version: number; actor: Actor }) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('application')
          .select(['id', 'owner_id', 'provider_name', 'version'])
          .where('id', '=', input.applicationId)
          .forShare()
          .executeTakeFirst();
        if (!row) return 'not-found' as const;
        if (row.version !== input.version) return 'conflict' as const;
        await audit.recordChange(trx, {
          actor: input.actor,
          action: 'application.message',
          entity: { type: 'application', id: row.id },
          after: { message: input.message },
          notify: [
            {
              userId: row.owner_id,
              event: 'staffMessage',
              applicationId: row.id,
              values: { provider: row.provider_name, message: input.message },
              links: [{ kind: 'application', href: '/dashboard' }],
            },
          ],
        });
        return { version: row.version };
      });
    },
  };
}
export type BulkActionsRepository = ReturnType<typeof createBulkActionsRepository>;

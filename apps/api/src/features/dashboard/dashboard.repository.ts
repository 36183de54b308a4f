import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** What the dashboard shows of a user's latest application: reads only. */
export function createDashboardRepository(db: Kysely<DB>) {
  return {
    /** The user's latest application (the highest id), if any. */
    async latestApplicationOf(ownerId: string) {
      return db
        .selectFrom('application')
        .select(['id', 'provider_type', 'provider_name', 'status', 'submitted_at'])
        .where('owner_id', '=', ownerId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Documents still needed: required, not waived by staff, no file yet. */
    async missingDocuments(applicationId: number) {
      return db
        .selectFrom('application_document')
        .select(['id', 'document_name', 'description'])
        .where('application_id', '=', applicationId)
        .where('is_required', '=', true)
        .where('is_waived', '=', false)
        .where('blob_key', 'is', null)
        .orderBy('id')
        .execute();
    },

    /** Every status the audit trail recorded for the application, oldest first. */
    async statusHistory(applicationId: number) {
      return db
        .selectFrom('audit_log')
        .select(['occurred_at', 'reason', sql<string>`after->>'status'`.as('status')])
        .where('entity_type', '=', 'application')
        .where('entity_id', '=', String(applicationId))
        .where(sql<boolean>`after ? 'status'`)
        .orderBy('id')
        .execute();
    },
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;

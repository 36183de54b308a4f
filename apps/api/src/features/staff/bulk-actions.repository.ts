import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** What a bulk action reads of its items before doing each one: whose, where, and the name to show. */
export function createBulkActionsRepository(db: Kysely<DB>) {
  return {
    async facts(applicationIds: number[]) {
      const rows = await db
        .selectFrom('application')
        .select(['id', 'owner_id', 'county', 'provider_name'])
        .where('id', 'in', applicationIds)
        .execute();
      return new Map(rows.map((row) => [row.id, row]));
    },

    /** An application's version now (after an action that moves it, such as a request for information). */
    async versionOf(applicationId: number) {
      const row = await db
        .selectFrom('application')
        .select('version')
        .where('id', '=', applicationId)
        .executeTakeFirst();
      return row?.version;
    },
  };
}
export type BulkActionsRepository = ReturnType<typeof createBulkActionsRepository>;

import type { DraftRecord } from '@ccap/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export type SaveDraftResult =
  { outcome: 'saved'; draft: DraftRecord } | { outcome: 'not-found' } | { outcome: 'conflict'; current: DraftRecord };

const toRecord = (row: { id: number; application_json: string; version: number; updated_at: Date }): DraftRecord => ({
  id: row.id,
  userEmail: '',
  applicationJson: row.application_json,
  version: row.version,
  updatedAt: row.updated_at.toISOString(),
});

const COLUMNS = ['id', 'application_json', 'version', 'updated_at'] as const;

/** A user's drafts. Every query names the owner: another user's draft does not exist here. */
export function createDraftsRepository(db: Kysely<DB>) {
  return {
    async listFor(ownerId: string): Promise<DraftRecord[]> {
      const rows = await db
        .selectFrom('draft_application')
        .select(COLUMNS)
        .where('owner_id', '=', ownerId)
        .orderBy('id')
        .execute();
      return rows.map(toRecord);
    },

    async find(ownerId: string, id: number): Promise<DraftRecord | undefined> {
      const row = await db
        .selectFrom('draft_application')
        .select(COLUMNS)
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    async create(ownerId: string, providerType: string, applicationJson: string): Promise<DraftRecord> {
      const row = await db
        .insertInto('draft_application')
        .values({ owner_id: ownerId, provider_type: providerType, application_json: applicationJson })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return toRecord(row);
    },

    /**
     * Saves over a draft only if nobody saved it since `version`: two tabs never overwrite
     * each other silently; the loser gets the newer draft back.
     */
    async update(
      ownerId: string,
      id: number,
      version: number,
      providerType: string,
      applicationJson: string,
    ): Promise<SaveDraftResult> {
      const row = await db
        .updateTable('draft_application')
        .set((eb) => ({
          application_json: applicationJson,
          provider_type: providerType,
          version: eb('version', '+', 1),
          updated_at: new Date(),
        }))
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .where('version', '=', version)
        .returning(COLUMNS)
        .executeTakeFirst();
      if (row) return { outcome: 'saved', draft: toRecord(row) };
      const current = await this.find(ownerId, id);
      return current ? { outcome: 'conflict', current } : { outcome: 'not-found' };
    },

    async remove(ownerId: string, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('draft_application')
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
export type DraftsRepository = ReturnType<typeof createDraftsRepository>;

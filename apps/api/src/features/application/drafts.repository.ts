import type { DraftRecord } from '@ccap/contracts';
import type { Kysely } from 'kysely';
import type { FieldCipher } from '../../crypto/field-cipher';
import type { DB } from '../../db/schema';

export type SaveDraftResult =
  { outcome: 'saved'; draft: DraftRecord } | { outcome: 'not-found' } | { outcome: 'conflict'; current: DraftRecord };

const COLUMNS = ['id', 'application_json', 'data_key', 'version', 'updated_at'] as const;

/**
 * A user's drafts. Every query names the owner: another user's draft does not exist here. The
 * protected answers are sealed on the way in and opened on the way out (ADR 080): the owner edits
 * what they typed, the table holds none of it in clear.
 */
export function createDraftsRepository(db: Kysely<DB>, cipher: FieldCipher) {
  const toRecord = async (row: {
    id: number;
    application_json: string;
    data_key: string | null;
    version: number;
    updated_at: Date;
  }): Promise<DraftRecord> => ({
    id: row.id,
    userEmail: '',
    applicationJson:
      row.data_key === null
        ? row.application_json
        : JSON.stringify(
            await cipher.open('draft_application', row.id, JSON.parse(row.application_json) as unknown, row.data_key),
          ),
    version: row.version,
    updatedAt: row.updated_at.toISOString(),
  });
  const sealed = (id: number, applicationJson: string) =>
    cipher.seal('draft_application', id, JSON.parse(applicationJson) as unknown);

  return {
    async listFor(ownerId: string): Promise<DraftRecord[]> {
      const rows = await db
        .selectFrom('draft_application')
        .select(COLUMNS)
        .where('owner_id', '=', ownerId)
        .orderBy('id')
        .execute();
      return Promise.all(rows.map(toRecord));
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
      // The answers are sealed to the row's id, known once the row is: both in one transaction.
      const row = await db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('draft_application')
          .values({ owner_id: ownerId, provider_type: providerType, application_json: '{}' })
          .returning('id')
          .executeTakeFirstOrThrow();
        const result = await sealed(id, applicationJson);
        return trx
          .updateTable('draft_application')
          .set({ application_json: JSON.stringify(result.answers), data_key: result.dataKey, tin_hmac: result.tinHmac })
          .where('id', '=', id)
          .returning(COLUMNS)
          .executeTakeFirstOrThrow();
      });
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
      const result = await sealed(id, applicationJson);
      const row = await db
        .updateTable('draft_application')
        .set((eb) => ({
          application_json: JSON.stringify(result.answers),
          data_key: result.dataKey,
          tin_hmac: result.tinHmac,
          provider_type: providerType,
          version: eb('version', '+', 1),
          updated_at: new Date(),
        }))
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .where('version', '=', version)
        .returning(COLUMNS)
        .executeTakeFirst();
      if (row) return { outcome: 'saved', draft: await toRecord(row) };
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

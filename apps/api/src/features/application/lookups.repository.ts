import type { LookupItem, LookupType } from '@ccap/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { LOOKUP_SEED } from './lookup-data';

export function createLookupsRepository(db: Kysely<DB>) {
  async function readLists(): Promise<LookupItem[]> {
    const rows = await db
      .selectFrom('lookup_item')
      .select(['lookup_id', 'lookup_type', 'code', 'name', 'parent_lookup_id'])
      .orderBy('lookup_type')
      .orderBy('sort_order')
      .execute();
    return rows.map((row) => ({
      lookupId: row.lookup_id,
      lookupType: row.lookup_type as LookupType,
      code: row.code,
      name: row.name,
      parentLookupId: row.parent_lookup_id,
    }));
  }

  return {
    /**
     * Brings the lookup lists up to date at start-up: the reference lists, and the counties of
     * the program profile. Ids stay stable (keyed by type and code), so saved answers keep
     * pointing at the same items. A list already as it should be is not written: most starts
     * change nothing.
     */
    async sync(counties: string[]) {
      const lists: [LookupType, { code: string; name: string; parent?: { type: LookupType; code: string } }[]][] = [
        ...(Object.entries(LOOKUP_SEED) as [LookupType, (typeof LOOKUP_SEED)['Category']][]),
        ['County', counties.map((name) => ({ code: name, name }))],
      ];
      await db.transaction().execute(async (trx) => {
        const current = new Map(
          (
            await trx
              .selectFrom('lookup_item')
              .select(['lookup_id', 'lookup_type', 'code', 'name', 'parent_lookup_id', 'sort_order'])
              .execute()
          ).map((row) => [`${row.lookup_type}:${row.code}`, row]),
        );
        const ids = new Map([...current].map(([key, row]) => [key, row.lookup_id]));
        // In list order, so a parent (ProviderType) exists before its children (Category).
        for (const [type, items] of lists) {
          const wanted = items.map((item, index) => ({
            lookup_type: type,
            code: item.code,
            name: item.name,
            parent_lookup_id: item.parent ? (ids.get(`${item.parent.type}:${item.parent.code}`) ?? null) : null,
            sort_order: index,
          }));
          const unchanged = wanted.every((item) => {
            const row = current.get(`${type}:${item.code}`);
            return (
              row?.name === item.name &&
              row.parent_lookup_id === item.parent_lookup_id &&
              row.sort_order === item.sort_order
            );
          });
          if (unchanged) continue;
          const rows = await trx
            .insertInto('lookup_item')
            .values(wanted)
            .onConflict((oc) =>
              oc.columns(['lookup_type', 'code']).doUpdateSet((eb) => ({
                name: eb.ref('excluded.name'),
                parent_lookup_id: eb.ref('excluded.parent_lookup_id'),
                sort_order: eb.ref('excluded.sort_order'),
              })),
            )
            .returning(['lookup_id', 'code'])
            .execute();
          for (const row of rows) ids.set(`${type}:${row.code}`, row.lookup_id);
        }
      });
    },

    /** Every list, in list order. */
    list: readLists,
  };
}
export type LookupsRepository = ReturnType<typeof createLookupsRepository>;

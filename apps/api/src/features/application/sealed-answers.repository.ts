import type { Kysely } from 'kysely';
import type { FieldCipher, SealedTable } from '../../crypto/field-cipher';
import type { DB } from '../../db/schema';

export interface RotationProgress {
  table: SealedTable;
  /** Rows whose data key is now sealed under the current KEK version, so far in this table. */
  rewrapped: number;
}

/** The JSON of a row's answers as its table holds it: text for drafts, jsonb for applications. */
const answersOf = (table: SealedTable, json: unknown): unknown =>
  table === 'draft_application' ? JSON.parse(json as string) : json;

/**
 * The keeping of the sealed answers as a whole (ADR 080): sealing the rows written in clear,
 * re-wrapping every data key under a new KEK version, matching a taxpayer number. Each batch is
 * short and each row's write checks it is still as read, so the API keeps serving and a save in
 * between wins (it seals with the current version anyway).
 */
/** Every table of sealed rows; a record's versions and reported changes are sealed at their insert. */
const TABLES = [
  'draft_application',
  'application',
  'provider_record_version',
  'provider_change',
] as const satisfies readonly SealedTable[];

/** A row of a sealed table as the walker hands it over: its answers already parsed. */
interface SealedRow {
  id: number;
  answers: unknown;
  dataKey: string | null;
  tinHmac: string | null;
}

/** Which rows a walk visits: written in clear, sealed, or sealed under an older KEK version. */
type RowsToWalk = 'clear' | 'sealed' | 'stale';

export function createSealedAnswersRepository(db: Kysely<DB>, cipher: FieldCipher) {
  // Every table with the same code: the columns it touches are the same in each.
  const untyped = db as unknown as Kysely<Record<SealedTable, DB['draft_application']>>;

  /**
   * Visits the rows of a table, in id order, a batch at a time: each batch a short read, each row
   * written on its own by `visit`, which says how many rows it changed. Paging goes by id, so a
   * row the visit could not change (a save in between) is not read again.
   */
  const walk = async (
    name: SealedTable,
    rows: RowsToWalk,
    batchSize: number,
    visit: (row: SealedRow) => Promise<number>,
    onBatch?: (changed: number) => void | Promise<void>,
  ) => {
    let after = 0;
    let changed = 0;
    for (;;) {
      let query = untyped
        .selectFrom(name)
        .select(['id', 'application_json', 'data_key', 'tin_hmac'])
        .where('id', '>', after)
        .where('data_key', rows === 'clear' ? 'is' : 'is not', null);
      if (rows === 'stale') query = query.where('data_key', 'not like', `k1.${cipher.kek.currentVersion}.%`);
      const batch = await query.orderBy('id').limit(batchSize).execute();
      if (batch.length === 0) return changed;
      for (const row of batch) {
        after = Number(row.id);
        changed += await visit({
          id: after,
          answers: answersOf(name, row.application_json),
          dataKey: row.data_key,
          tinHmac: row.tin_hmac,
        });
      }
      await onBatch?.(changed);
    }
  };

  /** The same walk over every sealed table; the rows changed in all. */
  const walkAll = async (
    rows: RowsToWalk,
    batchSize: number,
    visit: (name: SealedTable, row: SealedRow) => Promise<number>,
    onBatch?: (progress: RotationProgress) => void | Promise<void>,
  ) => {
    let changed = 0;
    for (const name of TABLES) {
      changed += await walk(
        name,
        rows,
        batchSize,
        (row) => visit(name, row),
        (count) => onBatch?.({ table: name, rewrapped: count }),
      );
    }
    return changed;
  };

  const updated = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows);

  return {
    /**
     * Writes every sealed row's answers back in clear, without a data key: what a downgrade below
     * migration 0021 needs first (its down step refuses while a row holds a data key).
     */
    async openAllRows(batchSize = 100): Promise<number> {
      return walkAll('sealed', batchSize, async (name, row) => {
        const answers = await cipher.open(name, row.id, row.answers, row.dataKey);
        const result = await untyped
          .updateTable(name)
          .set({ application_json: JSON.stringify(answers), data_key: null, tin_hmac: null })
          .where('id', '=', row.id)
          .where('data_key', '=', row.dataKey)
          .executeTakeFirst();
        return updated(result);
      });
    },

    /** Seals the rows written before the answers were encrypted (at start-up). */
    async sealClearRows(batchSize = 100): Promise<number> {
      return walkAll('clear', batchSize, async (name, row) => {
        const sealed = await cipher.seal(name, row.id, row.answers);
        const result = await untyped
          .updateTable(name)
          .set({ application_json: JSON.stringify(sealed.answers), data_key: sealed.dataKey, tin_hmac: sealed.tinHmac })
          .where('id', '=', row.id)
          .where('data_key', 'is', null)
          .executeTakeFirst();
        return updated(result);
      });
    },

    /**
     * Re-wraps every data key sealed under an older KEK version with the current one; the
     * answers themselves are not written again. Returns how many rows were re-wrapped.
     */
    async rotate(
      options: { batchSize?: number; onBatch?: (progress: RotationProgress) => void | Promise<void> } = {},
    ): Promise<number> {
      const batchSize = options.batchSize ?? 200;
      const current = cipher.kek.currentVersion;
      await this.sealClearRows(batchSize);
      return walkAll(
        'stale',
        batchSize,
        async (name, row) => {
          const dataKey = row.dataKey!;
          let tinHmac = row.tinHmac;
          if (tinHmac !== null && !tinHmac.startsWith(`h${current}.`)) {
            // The matching hash follows the key too: it is made again from the opened number.
            const answers = await cipher.open(name, row.id, row.answers, dataKey);
            const tin = (answers as { w9Info?: { tin?: unknown } }).w9Info?.tin;
            tinHmac = typeof tin === 'string' ? await cipher.tinHmac(tin) : null;
          }
          const result = await untyped
            .updateTable(name)
            .set({ data_key: await cipher.rewrap(name, row.id, dataKey), tin_hmac: tinHmac })
            .where('id', '=', row.id)
            .where('data_key', '=', dataKey)
            .executeTakeFirst();
          // A row saved in between was sealed under the current version by its save.
          return updated(result);
        },
        options.onBatch,
      );
    },

    /** How many rows still have a data key sealed under another version than the current one. */
    async staleCount(): Promise<number> {
      let total = 0;
      for (const name of TABLES) {
        const row = await untyped
          .selectFrom(name)
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where((eb) =>
            eb.or([eb('data_key', 'is', null), eb('data_key', 'not like', `k1.${cipher.kek.currentVersion}.%`)]),
          )
          .executeTakeFirstOrThrow();
        total += Number(row.count);
      }
      return total;
    },

    /** The submitted applications with this taxpayer number, found by its keyed hash (never in clear). */
    async applicationIdsWithTin(tin: string): Promise<number[]> {
      const rows = await db
        .selectFrom('application')
        .select('id')
        .where('tin_hmac', 'in', await cipher.tinHmacs(tin))
        .orderBy('id')
        .execute();
      return rows.map((row) => row.id);
    },
  };
}
export type SealedAnswersRepository = ReturnType<typeof createSealedAnswersRepository>;

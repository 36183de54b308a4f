import type { Kysely } from 'kysely';
import type { FieldCipher, SealedTable } from '../../crypto/field-cipher';
import type { DB } from '../../db/schema';

export interface RotationProgress {
  table: SealedTable;
  /** Rows whose data key is now sealed under the current KEK version, so far in this table. */
  rewrapped: number;
}

/** Every table of sealed rows; a record's versions and reported changes are sealed at their insert. */
const SEALED_TABLES = ['draft_application', 'application', 'provider_record_version', 'provider_change'] as const;

/** The JSON of a row's answers as its table holds it: text for drafts, jsonb for applications. */
const answersOf = (table: SealedTable, json: unknown): unknown =>
  table === 'draft_application' ? JSON.parse(json as string) : json;

/**
 * The keeping of the sealed answers as a whole (ADR 080): sealing the rows written in clear,
 * re-wrapping every data key under a new KEK version, matching a taxpayer number. Each batch is
 * short and each row's write checks it is still as read, so the API keeps serving and a save in
 * between wins (it seals with the current version anyway).
 */
export function createSealedAnswersRepository(db: Kysely<DB>, cipher: FieldCipher) {
  // Both tables with the same code: the columns it touches are the same in both.
  const sealClear = async (name: SealedTable, batchSize: number) => {
    let sealed = 0;
    const untyped = db as unknown as Kysely<Record<SealedTable, DB['draft_application']>>;
    for (;;) {
      const rows = await untyped
        .selectFrom(name)
        .select(['id', 'application_json'])
        .where('data_key', 'is', null)
        .orderBy('id')
        .limit(batchSize)
        .execute();
      if (rows.length === 0) return sealed;
      for (const row of rows) {
        const id = Number(row.id);
        const result = await cipher.seal(name, id, answersOf(name, row.application_json));
        await untyped
          .updateTable(name)
          .set({
            application_json: JSON.stringify(result.answers),
            data_key: result.dataKey,
            tin_hmac: result.tinHmac,
          })
          .where('id', '=', id)
          .where('data_key', 'is', null)
          .execute();
        sealed += 1;
      }
    }
  };

  const rotateTable = async (
    name: SealedTable,
    batchSize: number,
    onBatch?: (progress: RotationProgress) => void | Promise<void>,
  ) => {
    const untyped = db as unknown as Kysely<Record<SealedTable, DB['draft_application']>>;
    const current = cipher.kek.currentVersion;
    let after = 0;
    let rewrapped = 0;
    for (;;) {
      const rows = await untyped
        .selectFrom(name)
        .select(['id', 'application_json', 'data_key', 'tin_hmac'])
        .where('data_key', 'is not', null)
        .where('id', '>', after)
        .where('data_key', 'not like', `k1.${current}.%`)
        .orderBy('id')
        .limit(batchSize)
        .execute();
      if (rows.length === 0) return rewrapped;
      for (const row of rows) {
        const id = Number(row.id);
        after = id;
        const dataKey = row.data_key!;
        let tinHmac = row.tin_hmac;
        if (tinHmac !== null && !tinHmac.startsWith(`h${current}.`)) {
          // The matching hash follows the key too: it is made again from the opened number.
          const answers = await cipher.open(name, id, answersOf(name, row.application_json), dataKey);
          const tin = (answers as { w9Info?: { tin?: unknown } }).w9Info?.tin;
          tinHmac = typeof tin === 'string' ? await cipher.tinHmac(tin) : null;
        }
        const result = await untyped
          .updateTable(name)
          .set({ data_key: await cipher.rewrap(name, id, dataKey), tin_hmac: tinHmac })
          .where('id', '=', id)
          .where('data_key', '=', dataKey)
          .executeTakeFirst();
        // A row saved in between was sealed under the current version by its save.
        rewrapped += Number(result.numUpdatedRows);
      }
      await onBatch?.({ table: name, rewrapped });
    }
  };

  return {
    /**
     * Writes every sealed row's answers back in clear, without a data key: what a downgrade below
     * migration 0021 needs first (its down step refuses while a row holds a data key).
     */
    async openAllRows(): Promise<number> {
      const untyped = db as unknown as Kysely<Record<SealedTable, DB['draft_application']>>;
      let opened = 0;
      for (const name of SEALED_TABLES) {
        const rows = await untyped
          .selectFrom(name)
          .select(['id', 'application_json', 'data_key'])
          .where('data_key', 'is not', null)
          .execute();
        for (const row of rows) {
          const id = Number(row.id);
          const answers = await cipher.open(name, id, answersOf(name, row.application_json), row.data_key);
          await untyped
            .updateTable(name)
            .set({ application_json: JSON.stringify(answers), data_key: null, tin_hmac: null })
            .where('id', '=', id)
            .where('data_key', '=', row.data_key)
            .execute();
          opened += 1;
        }
      }
      return opened;
    },

    /** Seals the rows written before the answers were encrypted (at start-up). */
    async sealClearRows(batchSize = 100): Promise<number> {
      return (await sealClear('draft_application', batchSize)) + (await sealClear('application', batchSize));
    },

    /**
     * Re-wraps every data key sealed under an older KEK version with the current one; the
     * answers themselves are not written again. Returns how many rows were re-wrapped.
     */
    async rotate(
      options: { batchSize?: number; onBatch?: (progress: RotationProgress) => void | Promise<void> } = {},
    ): Promise<number> {
      const batchSize = options.batchSize ?? 200;
      await this.sealClearRows(batchSize);
      let rewrapped = 0;
      for (const name of SEALED_TABLES) rewrapped += await rotateTable(name, batchSize, options.onBatch);
      return rewrapped;
    },

    /** How many rows still have a data key sealed under another version than the current one. */
    async staleCount(): Promise<number> {
      const untyped = db as unknown as Kysely<Record<SealedTable, DB['draft_application']>>;
      let total = 0;
      for (const name of SEALED_TABLES) {
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

import type { Kysely } from 'kysely';

/**
 * The protected answers (taxpayer numbers, dates of birth) are sealed in the answers' JSON
 * (ADR 080). Each draft and application row gets the column of its own data key, sealed by the
 * key-encryption key, and the keyed hash of its taxpayer number for matching.
 *
 * A migration cannot hold the key, so the rows written before stay in clear here: the API seals
 * them at start-up, in batches (`sealClearRows`), and reads a row without a data key as clear
 * until then.
 *
 * Down drops the columns only after the answers were opened again: it refuses while a row holds
 * a data key, which would leave sealed answers nobody can read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['draft_application', 'application']) {
    await db.schema.alterTable(table).addColumn('data_key', 'text').addColumn('tin_hmac', 'text').execute();
  }
  await db.schema.createIndex('application_tin_hmac_idx').on('application').column('tin_hmac').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const database = db as Kysely<Record<string, { data_key: string | null }>>;
  for (const table of ['draft_application', 'application']) {
    const sealed = await database
      .selectFrom(table)
      .select('data_key')
      .where('data_key', 'is not', null)
      .limit(1)
      .execute();
    if (sealed.length > 0) throw new Error(`${table} holds sealed answers: open them before going below 0021`);
  }
  await db.schema.dropIndex('application_tin_hmac_idx').execute();
  for (const table of ['draft_application', 'application']) {
    await db.schema.alterTable(table).dropColumn('data_key').dropColumn('tin_hmac').execute();
  }
}

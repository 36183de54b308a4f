import { type Kysely, sql } from 'kysely';

/**
 * Levenshtein distance for the provider name search (ADR 090): trigrams miss a swapped pair of
 * letters ("birght" shares three of its seven trigrams with "bright"); an edit count does not.
 * fuzzystrmatch ships with PostgreSQL and with PGlite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists fuzzystrmatch`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop extension if exists fuzzystrmatch`.execute(db);
}

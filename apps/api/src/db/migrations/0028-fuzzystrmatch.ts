import { type Kysely, sql } from 'kysely';

/**
 * Levenshtein distance for the provider name search (ADR 090): trigrams miss a swapped pair of
 * letters ("birght" shares three of its seven trigrams with "bright"); an edit count does not.
 * fuzzystrmatch ships with PostgreSQL and with PGlite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists fuzzystrmatch`.execute(db);
}

/**
 * Keeps the extension: it belongs to the whole database, not to this schema, so dropping it would
 * take the name search away from every other schema of the database. Migration 0001 leaves the
 * other search extensions in place for the same reason.
 */
export async function down(): Promise<void> {}

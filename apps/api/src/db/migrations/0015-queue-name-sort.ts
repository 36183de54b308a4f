import type { Kysely } from 'kysely';

/**
 * The staff queue sorted by provider name (issue 11): an index in the sort's own order, ties
 * by id, so a page is read in order from the index instead of sorting every application. It
 * serves both directions (read backwards for descending); the trigram index of 0007 only
 * serves the name search.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('application_provider_name_idx')
    .on('application')
    .columns(['provider_name', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('application_provider_name_idx').execute();
}

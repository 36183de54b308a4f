import { type Kysely, sql } from 'kysely';

/**
 * Provider directory for the public search (spec sections 3 and 7). The name columns are
 * kept twice: as shown, and folded (lower case, accents removed) for the trigram indexes, so
 * the fuzzy match needs no immutable unaccent wrapper and runs alike on PGlite and PostgreSQL.
 * Location is a plain `point` (x = longitude, y = latitude) with a GiST index: nearest-first
 * uses `<->` through it, then the exact haversine distance (no PostGIS on PGlite).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('provider')
    .addColumn('id', 'bigint', (col) => col.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('license_number', 'text', (col) => col.notNull().unique())
    .addColumn('business_name', 'text', (col) => col.notNull())
    .addColumn('owner_first_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('owner_last_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('business_search', 'text', (col) => col.notNull())
    .addColumn('first_name_search', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('last_name_search', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('provider_type_id', 'integer')
    .addColumn('is_cca', 'boolean', (col) => col.notNull())
    .addColumn('capacity', 'integer', (col) => col.notNull())
    .addColumn('address1', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('city_search', 'text', (col) => col.notNull())
    .addColumn('zip', 'text', (col) => col.notNull())
    .addColumn('county', 'text')
    .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('operation_hours', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('location', sql`point`, (col) => col.notNull())
    .addColumn('languages', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('quality_rating', 'smallint', (col) => col.check(sql`quality_rating between 1 and 5`))
    .addColumn('accepts_special_needs', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('weekend_care', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('evening_overnight_care', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('transportation', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('source', 'text', (col) =>
      col.notNull().check(sql`source in ('import', 'demonstration', 'application')`),
    )
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  for (const column of ['business_search', 'first_name_search', 'last_name_search']) {
    await sql`create index ${sql.raw(`provider_${column}_trgm_idx`)} on provider using gin (${sql.raw(column)} gin_trgm_ops)`.execute(
      db,
    );
  }
  await sql`create index provider_location_idx on provider using gist (location)`.execute(db);
  await db.schema.createIndex('provider_zip_idx').on('provider').column('zip').execute();
  await db.schema.createIndex('provider_city_idx').on('provider').column('city_search').execute();
  await db.schema.createIndex('provider_county_idx').on('provider').column('county').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('provider').execute();
}

import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

/*
 * Columns and tables that more than one migration creates alike. A migration that has run must
 * keep making the same schema, so these never change: a migration that wants other columns
 * writes its own (ADR 120).
 */

/** A whole stored file's columns: its names, type, size, hash, blob key, and who sent it when. */
export const storedFileColumns = <Table extends string, Columns extends string>(
  table: CreateTableBuilder<Table, Columns>,
) =>
  table
    .addColumn('stored_name', 'text', (col) => col.notNull())
    .addColumn('display_name', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size_bytes', 'bigint', (col) => col.notNull().check(sql`size_bytes >= 0`))
    .addColumn('sha256', 'text', (col) => col.notNull().check(sql`sha256 ~ '^[0-9a-f]{64}$'`))
    .addColumn('blob_key', 'text', (col) => col.notNull().unique())
    .addColumn('uploaded_by', 'uuid', (col) => col.notNull().references('app_user.id'))
    .addColumn('uploaded_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`));

/** The sign-in throttle of 0002: failed sign-ins counted per email address, with a lock. */
export const createSignInThrottlePerAddress = (db: Kysely<unknown>) =>
  db.schema
    .createTable('idp_sign_in_throttle')
    .addColumn('email', sql`citext`, (col) => col.primaryKey())
    .addColumn('failed_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_failed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

import { type Kysely, sql } from 'kysely';
import { createSignInThrottlePerAddress } from './column-builders';

/**
 * Failed sign-ins counted per account and client together (ADR 095), in place of one count and
 * a hard lock per address. `client` is `device:<id>` (a signed device cookie of the account),
 * `ip:<address>`, or `pool` (every client without such a cookie, shared). No lock column: the
 * wait is computed from the count and the last failure.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idp_sign_in_throttle').execute();
  await db.schema
    .createTable('idp_sign_in_throttle')
    .addColumn('email', sql`citext`, (col) => col.notNull())
    .addColumn('client', 'text', (col) => col.notNull())
    .addColumn('failed_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_failed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idp_sign_in_throttle_pk', ['email', 'client'])
    .execute();
  await db.schema
    .createIndex('idp_sign_in_throttle_last_failed_idx')
    .on('idp_sign_in_throttle')
    .column('last_failed_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idp_sign_in_throttle').execute();
  await createSignInThrottlePerAddress(db);
}

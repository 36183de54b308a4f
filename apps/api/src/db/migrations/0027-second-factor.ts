import { type Kysely, sql } from 'kysely';

/**
 * Staff sign-in with a second factor (ADR 088): each account's authenticator secret (sealed,
 * never returned after enrolment), its one-time recovery codes (hashed), and the sign-ins whose
 * password was right and that wait for a code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idp_second_factor')
    .addColumn('account_id', 'uuid', (col) => col.primaryKey().references('idp_account.id').onDelete('cascade'))
    .addColumn('secret_sealed', 'text', (col) => col.notNull())
    // Null while the first code has not confirmed it yet.
    .addColumn('enrolled_at', 'timestamptz')
    // The newest 30-second step a code was accepted for: no code of that step or before again.
    .addColumn('last_used_step', 'integer')
    .addColumn('failed_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('idp_recovery_code')
    .addColumn('account_id', 'uuid', (col) => col.notNull().references('idp_account.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addPrimaryKeyConstraint('idp_recovery_code_pk', ['account_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('idp_second_factor_challenge')
    .addColumn('interaction_uid', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'uuid', (col) => col.notNull().references('idp_account.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idp_second_factor_challenge').execute();
  await db.schema.dropTable('idp_recovery_code').execute();
  await db.schema.dropTable('idp_second_factor').execute();
}

import { type Kysely, sql } from 'kysely';
import { createSignInThrottlePerAddress } from './column-builders';

/**
 * Identity: the built-in OpenID Provider's own store (accounts, sign-in throttling, one-time
 * tokens, protocol artefacts, signing keys) and the portal's users with their roles and
 * counties, keyed by (issuer, subject) so any identity provider works. Also the mail outbox
 * that the provider's confirmation and reset mails go through.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idp_account')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', sql`citext`, (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // Failed sign-ins are counted per email address whether or not an account exists, so the
  // lockout itself never tells an attacker which addresses are registered.
  await createSignInThrottlePerAddress(db);

  await db.schema
    .createTable('idp_one_time_token')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('purpose', 'text', (col) => col.notNull().check(sql`purpose in ('confirm-email', 'reset-password')`))
    .addColumn('account_id', 'uuid', (col) => col.notNull().references('idp_account.id').onDelete('cascade'))
    .addColumn('interaction_uid', 'text')
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('oidc_payload')
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('payload', 'jsonb', (col) => col.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .addPrimaryKeyConstraint('oidc_payload_pk', ['model', 'id'])
    .execute();
  await db.schema.createIndex('oidc_payload_grant_idx').on('oidc_payload').column('grant_id').execute();
  await db.schema.createIndex('oidc_payload_uid_idx').on('oidc_payload').column('uid').execute();
  await db.schema.createIndex('oidc_payload_expires_idx').on('oidc_payload').column('expires_at').execute();

  await db.schema
    .createTable('idp_signing_key')
    .addColumn('kid', 'text', (col) => col.primaryKey())
    .addColumn('private_jwk', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('retired_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('idp_secret')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('app_user')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('issuer', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('email', sql`citext`, (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('preferred_language', 'text', (col) => col.notNull().defaultTo('en'))
    .addColumn('notification_preferences', 'jsonb', (col) => col.notNull().defaultTo(sql`'{"email":{}}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('app_user_identity_unique', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('app_user_email_idx').on('app_user').column('email').execute();

  await db.schema
    .createTable('user_role')
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('service-worker', 'administrator')`))
    .addColumn('granted_by', 'text', (col) => col.notNull())
    .addColumn('granted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_role_pk', ['user_id', 'role'])
    .execute();

  await db.schema
    .createTable('user_county')
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('county', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('user_county_pk', ['user_id', 'county'])
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'bigint', (col) => col.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('body_text', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull().defaultTo('en'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'mail_outbox',
    'user_county',
    'user_role',
    'app_user',
    'idp_secret',
    'idp_signing_key',
    'oidc_payload',
    'idp_one_time_token',
    'idp_sign_in_throttle',
    'idp_account',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

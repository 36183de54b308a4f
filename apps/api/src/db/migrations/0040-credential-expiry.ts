import { type Kysely, sql } from 'kysely';

/** The program's own account: the author of the requests for information the portal opens itself. */
export const PROGRAM_USER_ID = '00000000-0000-4000-8000-000000000040';

/**
 * Credentials that expire (ADR 116): a request for information is opened for each credential of
 * a provider record that expires soon, once per record, credential and expiry date, however
 * many instances run the nightly job. The row is written in the transaction that opens the RFI:
 * the primary key makes a second writer open nothing. A credential renewed (a new expiry date)
 * is a new row.
 *
 * The RFIs the portal opens need an author: the program's own account, which no one signs in
 * as (its issuer is no OpenID Provider) and which holds no role.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('credential_notice')
    .addColumn('record_id', 'bigint', (col) => col.notNull().references('provider_record.id').onDelete('cascade'))
    .addColumn('credential_key', 'text', (col) => col.notNull())
    .addColumn('expires_on', 'date', (col) => col.notNull())
    .addColumn('rfi_id', 'bigint', (col) => col.references('rfi.id').onDelete('set null'))
    .addColumn('sent_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('credential_notice_pkey', ['record_id', 'credential_key', 'expires_on'])
    .execute();
  await sql`insert into app_user (id, issuer, subject, email, name)
    values (${PROGRAM_USER_ID}, 'urn:ccap:program', 'credential-expiry', 'credential-expiry@program.invalid', 'Child Care Assistance program')
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('credential_notice').execute();
  await sql`delete from app_user where id = ${PROGRAM_USER_ID}`.execute(db);
}

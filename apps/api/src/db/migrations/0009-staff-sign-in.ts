import type { Kysely } from 'kysely';

/**
 * Staff sign-ins are audited (issue #9): the API remembers which sign-in it last saw for a
 * staff member (the token's `auth_time`, else its `sid`) and when, so the first call of a new
 * sign-in writes one audit row and the calls after it none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('app_user')
    .addColumn('sign_in_key', 'text')
    .addColumn('signed_in_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('app_user').dropColumn('sign_in_key').dropColumn('signed_in_at').execute();
}

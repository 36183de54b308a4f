import { type Kysely, sql } from 'kysely';

/**
 * The authenticator secret sealed under the field-encryption key ring (ADR 097): the row's data
 * key, sealed by `DATA_KEY`, beside the secret it opens. Null until the start-up pass re-seals a
 * secret sealed the earlier way (under a server secret kept in the database).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idp_second_factor').addColumn('data_key', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Without its data key a sealed secret cannot be opened again: its holder would be locked out.
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from idp_second_factor where data_key is not null`.execute(db);
  if ((rows[0]?.n ?? 0) > 0) {
    throw new Error(
      'Authenticator secrets are sealed under DATA_KEY: reset those second factors before going below 0030',
    );
  }
  await db.schema.alterTable('idp_second_factor').dropColumn('data_key').execute();
}

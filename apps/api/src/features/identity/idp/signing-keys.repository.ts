import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../../db/schema';

/** How long a retired key keeps verifying: longer than any token it signed can live. */
export const RETIRED_KEY_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Serializes the creation of the first key: instances starting together on an empty database
 * would otherwise each create one, and each sign with its own.
 */
const FIRST_KEY_LOCK = 'ccap:idp-signing-key';

/** Adds a new signing key and retires the active ones, inside the caller's transaction. */
async function addKey(trx: Transaction<DB>): Promise<string> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = randomUUID();
  await trx.updateTable('idp_signing_key').set({ retired_at: new Date() }).where('retired_at', 'is', null).execute();
  await trx
    .insertInto('idp_signing_key')
    .values({ kid, private_jwk: JSON.stringify({ ...jwk, kid, alg: 'RS256', use: 'sig' }) })
    .execute();
  return kid;
}

export function createSigningKeysRepository(db: Kysely<DB>) {
  return {
    /**
     * The provider's RS256 keys: generated on first start and kept in the database, so every
     * instance and every restart signs and verifies with the same keys. The newest active key
     * signs; retired keys stay published until tokens they signed have expired.
     */
    async loadOrCreate(): Promise<JWK[]> {
      const existing = await this.list();
      if (existing.length > 0) return existing;
      // Under a transaction-scoped advisory lock: whoever waited finds the key the first made.
      await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${FIRST_KEY_LOCK}))`.execute(trx);
        const active = await trx
          .selectFrom('idp_signing_key')
          .select('kid')
          .where('retired_at', 'is', null)
          .executeTakeFirst();
        if (!active) await addKey(trx);
      });
      return this.list();
    },

    async list(): Promise<JWK[]> {
      const rows = await db
        .selectFrom('idp_signing_key')
        .select(['private_jwk', 'retired_at'])
        .where((eb) =>
          eb.or([eb('retired_at', 'is', null), eb('retired_at', '>', new Date(Date.now() - RETIRED_KEY_GRACE_MS))]),
        )
        .orderBy('retired_at', (ob) => ob.desc().nullsFirst())
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map((row) => row.private_jwk as JWK);
    },

    async has(kid: string): Promise<boolean> {
      const row = await db.selectFrom('idp_signing_key').select('kid').where('kid', '=', kid).executeTakeFirst();
      return !!row;
    },

    /** Adds a new signing key and retires the previous ones (they still verify for a day). */
    async rotate(): Promise<string> {
      return db.transaction().execute(addKey);
    },

    /** A named random secret (cookie signing keys), created once and shared by all instances. */
    async secret(name: string): Promise<string> {
      await db
        .insertInto('idp_secret')
        .values({ name, value: randomBytes(32).toString('base64url') })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db.selectFrom('idp_secret').select('value').where('name', '=', name).executeTakeFirstOrThrow();
      return row.value;
    },
  };
}
export type SigningKeysRepository = ReturnType<typeof createSigningKeysRepository>;

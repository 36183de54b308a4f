import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';

/**
 * The built-in provider's grants, as its adapter stores them (`oidc_payload`, model `Grant`):
 * a sign-out, a revoked refresh token or a password reset deletes the grant, and every access
 * token issued under it names it (ADR 085).
 */
export function createGrantsRepository(db: Kysely<DB>) {
  return {
    /** True while the grant exists and has not expired: one lookup by the table's primary key. */
    async isLive(grantId: string): Promise<boolean> {
      const row = await db
        .selectFrom('oidc_payload')
        .select('id')
        .where('model', '=', 'Grant')
        .where('id', '=', grantId)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type GrantsRepository = ReturnType<typeof createGrantsRepository>;

import type { Kysely } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { DB } from '../../../db/schema';

const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

/**
 * Stores the provider's sessions, grants, codes and tokens in the portal database, so they
 * survive restarts and are shared by every API instance (no process memory).
 */
export function createOidcAdapter(db: Kysely<DB>) {
  const live = (model: string) =>
    db
      .selectFrom('oidc_payload')
      .select(['payload', 'consumed_at'])
      .where('model', '=', model)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]));

  const toPayload = (row: { payload: Record<string, unknown>; consumed_at: Date | null } | undefined) =>
    row
      ? ({
          ...row.payload,
          ...(row.consumed_at ? { consumed: Math.floor(row.consumed_at.getTime() / 1000) } : {}),
        } as AdapterPayload)
      : undefined;

  return class OidcDatabaseAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        model: this.model,
        id,
        payload: JSON.stringify(payload),
        grant_id: GRANTABLE.has(this.model) || this.model === 'Grant' ? (payload.grantId ?? null) : null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insertInto('oidc_payload')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['model', 'id']).doUpdateSet({
            payload: row.payload,
            grant_id: row.grant_id,
            user_code: row.user_code,
            uid: row.uid,
            expires_at: row.expires_at,
          }),
        )
        .execute();
    }

    async find(id: string) {
      return toPayload(await live(this.model).where('id', '=', id).executeTakeFirst());
    }

    async findByUserCode(userCode: string) {
      return toPayload(await live(this.model).where('user_code', '=', userCode).executeTakeFirst());
    }

    async findByUid(uid: string) {
      return toPayload(await live(this.model).where('uid', '=', uid).executeTakeFirst());
    }

    async consume(id: string): Promise<void> {
      await db
        .updateTable('oidc_payload')
        .set({ consumed_at: new Date() })
        .where('model', '=', this.model)
        .where('id', '=', id)
        .execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oidc_payload').where('model', '=', this.model).where('id', '=', id).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_payload').where('grant_id', '=', grantId).execute();
    }
  };
}

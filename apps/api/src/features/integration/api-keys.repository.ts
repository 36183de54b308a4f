import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, type ApiKey, type ApiKeyResource, type CreateApiKeyRequest } from '@ccap/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { ApiKeyTable, DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { Actor, AuditRepository } from '../audit/audit.repository';

type ApiKeyRow = Selectable<ApiKeyTable>;

/** What a call made with a key may read; the secret is not part of it. */
export interface ApiKeyGrant {
  id: string;
  name: string;
  counties: string[];
  resources: ApiKeyResource[];
  expiresAt: Date;
  revokedAt: Date | null;
}

/**
 * The SHA-256 of a key's secret: 32 random bytes leave nothing to guess, so a fast hash is as
 * safe as a slow one here, and lets a call find its key with one index look-up (ADR 112).
 */
export const secretDigest = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

const SECRET = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

/** Whether a sent string has a key's shape: anything else is refused without a database read. */
export const looksLikeKey = (value: string) => SECRET.test(value);

/** The keys of the integration API (ADR 112): created, listed and revoked by administrators. */
export function createApiKeysRepository(db: Kysely<DB>, audit: AuditRepository, clock: Clock, timeZone: string) {
  const stateOf = (row: Pick<ApiKeyRow, 'revoked_at' | 'expires_at'>): ApiKey['state'] =>
    row.revoked_at ? 'revoked' : row.expires_at <= clock.now() ? 'expired' : 'active';

  const toApiKey = (row: ApiKeyRow): ApiKey => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    counties: row.counties,
    resources: row.resources as ApiKeyResource[],
    expiresAt: row.expires_at.toISOString(),
    revokedAt: row.revoked_at?.toISOString() ?? null,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by_label,
    state: stateOf(row),
  });

  return {
    stateOf,

    /** A new key and its secret, which is returned this once and kept only as its digest. */
    async create(input: CreateApiKeyRequest, actor: Actor): Promise<{ key: ApiKey; secret: string }> {
      const secret = API_KEY_PREFIX + randomBytes(32).toString('base64url');
      const resources = [...new Set(input.resources)];
      const counties = [...new Set(input.counties)];
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('api_key')
          .values({
            name: input.name,
            prefix: secret.slice(0, API_KEY_PREFIX.length + 6),
            secret_sha256: secretDigest(secret),
            counties,
            resources,
            // Through the whole last day, in the program's time zone.
            expires_at: sql<Date>`((${input.expiresOn}::date + 1)::timestamp at time zone ${timeZone})`,
            created_by_id: actor.id,
            created_by_label: actor.label,
            created_at: clock.now(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit.recordChange(trx, {
          actor,
          action: 'apiKey.created',
          entity: { type: 'api_key', id: inserted.id },
          after: { name: inserted.name, counties, resources, expiresAt: inserted.expires_at.toISOString() },
        });
        return inserted;
      });
      return { key: toApiKey(row), secret };
    },

    async list(): Promise<ApiKey[]> {
      const rows = await db.selectFrom('api_key').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
      return rows.map(toApiKey);
    },

    /** Revokes a key for good; undefined when there is no such key. Revoking twice changes nothing. */
    async revoke(id: string, actor: Actor): Promise<ApiKey | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('api_key').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!row) return undefined;
        if (row.revoked_at) return toApiKey(row);
        const revoked = await trx
          .updateTable('api_key')
          .set({ revoked_at: clock.now() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit.recordChange(trx, {
          actor,
          action: 'apiKey.revoked',
          entity: { type: 'api_key', id },
          before: { state: stateOf(row) },
          after: { state: 'revoked' },
        });
        return toApiKey(revoked);
      });
    },

    /** The key whose secret this is, whatever its state; undefined for no key. */
    async findBySecret(secret: string): Promise<ApiKeyGrant | undefined> {
      const row = await db
        .selectFrom('api_key')
        .select(['id', 'name', 'counties', 'resources', 'expires_at', 'revoked_at'])
        .where('secret_sha256', '=', secretDigest(secret))
        .executeTakeFirst();
      return row
        ? {
            id: row.id,
            name: row.name,
            counties: row.counties,
            resources: row.resources as ApiKeyResource[],
            expiresAt: row.expires_at,
            revokedAt: row.revoked_at,
          }
        : undefined;
    },

    /**
     * One call made with a key, in the audit trail (route, answer, rows), and its last use: written
     * at most once a minute, so a busy key does not rewrite its row on every call.
     */
    async recordCall(
      key: Pick<ApiKeyGrant, 'id' | 'name'>,
      call: { route: string; status: number; rowCount: number | null; reason?: string; requestId: string },
    ) {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        await audit.recordChange(trx, {
          actor: { id: null, label: `api-key:${key.name}`, requestId: call.requestId },
          action: call.status < 400 ? 'integration.read' : 'integration.refused',
          entity: { type: 'api_key', id: key.id },
          after: {
            route: call.route,
            status: call.status,
            ...(call.rowCount === null ? {} : { rowCount: call.rowCount }),
            ...(call.reason ? { reason: call.reason } : {}),
          },
        });
        if (call.status < 400)
          await trx
            .updateTable('api_key')
            .set({ last_used_at: now })
            .where('id', '=', key.id)
            .where((eb) =>
              eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(now.getTime() - 60_000))]),
            )
            .execute();
      });
    },
  };
}
export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;

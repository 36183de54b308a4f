import { createHash } from 'node:crypto';
import {
  type ApiKeyResource,
  integrationApplicationPageSchema,
  integrationApplicationsQuerySchema,
  integrationChangesQuerySchema,
  integrationRecordPageSchema,
  integrationRecordsQuerySchema,
  problemSchema,
} from '@ccap/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpProblem, type ProblemDetailKey } from '../../plugins/problem';
import { type ApiKeyGrant, looksLikeKey } from './api-keys.repository';
import { decodeCursor, encodeCursor } from './cursor';
import type { Page } from './integration.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The integration API key of the call (ADR 112), once its secret is checked. */
    apiKey: ApiKeyGrant | undefined;
  }
  interface FastifyContextConfig {
    /** What an integration route reads: the key must be scoped to it. */
    integrationResource?: ApiKeyResource;
  }
}

const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 429: problemSchema };
/** Either header (openapi.ts names both schemes). */
const security: Record<string, string[]>[] = [{ apiKeyBearer: [] }, { apiKeyHeader: [] }];

const unauthorized = (detail: ProblemDetailKey) =>
  new HttpProblem(401, detail, { headers: { 'www-authenticate': 'Bearer realm="ccap-integration"' } });

/** The key a call sends, as `Authorization: Bearer <key>` or `X-Api-Key: <key>`. */
function sentKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header) return header.trim();
  const authorization = request.headers.authorization;
  return authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length).trim() : undefined;
}

/** Whether If-None-Match names this ETag (weak comparison, RFC 9110 section 13.1.2). */
const matches = (ifNoneMatch: string | undefined, etag: string) =>
  !!ifNoneMatch &&
  (ifNoneMatch.trim() === '*' ||
    ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag.replace(/^W\//, '')));

/**
 * /api/v1/*: the read-only integration API (ADR 112) for the state's payment and case systems.
 * Every call names a key; the key must be active, scoped to the route's resource and to the
 * county asked for; it is counted against the key's own rate limit and audited with its rows.
 */
export const integrationRoutes: FastifyPluginAsyncZod<{ perMinute: number }> = async (app, options) => {
  const { apiKeys, integration } = app.repositories;
  app.decorateRequest('apiKey', undefined);

  const refuse = async (request: FastifyRequest, key: ApiKeyGrant, status: 401 | 403, detail: ProblemDetailKey) => {
    await apiKeys.recordCall(key, {
      route: request.routeOptions.url ?? request.url,
      status,
      rowCount: null,
      reason: detail,
      requestId: request.id,
    });
    return status === 401 ? unauthorized(detail) : new HttpProblem(403, detail);
  };

  // Runs before the route's own rate-limit hook, which counts per key (route-level hooks run last).
  app.addHook('onRequest', async (request) => {
    const secret = sentKey(request);
    if (!secret) throw unauthorized('apiKeyMissing');
    const key = looksLikeKey(secret) ? await apiKeys.findBySecret(secret) : undefined;
    if (!key) {
      request.log.info('integration call with an unknown API key');
      throw unauthorized('apiKeyUnknown');
    }
    if (key.revokedAt) throw await refuse(request, key, 401, 'apiKeyRevoked');
    if (apiKeys.stateOf({ revoked_at: key.revokedAt, expires_at: key.expiresAt }) === 'expired')
      throw await refuse(request, key, 401, 'apiKeyExpired');
    const resource = request.routeOptions.config.integrationResource;
    if (!resource || !key.resources.includes(resource))
      throw await refuse(request, key, 403, 'apiKeyResourceOutOfScope');
    request.apiKey = key;
  });

  /** The counties a call reads: the one asked for (which the key must cover), or all the key's. */
  async function countiesOf(request: FastifyRequest, county: string | undefined): Promise<string[]> {
    const key = request.apiKey;
    if (!key) throw unauthorized('apiKeyMissing');
    if (county === undefined) return key.counties;
    if (!key.counties.includes(county)) throw await refuse(request, key, 403, 'apiKeyCountyOutOfScope');
    return [county];
  }

  /** The page with its ETag; 304 with no body when the caller holds it already. Audited either way. */
  async function answer<T>(request: FastifyRequest, reply: FastifyReply, page: Page<T>, nextCursor: string | null) {
    const body = { data: page.rows, nextCursor };
    const etag = `W/"${createHash('sha256').update(JSON.stringify(body)).digest('base64url')}"`;
    const notModified = matches(request.headers['if-none-match'], etag);
    const key = request.apiKey;
    if (key)
      await apiKeys.recordCall(key, {
        route: request.routeOptions.url ?? request.url,
        status: notModified ? 304 : 200,
        rowCount: page.rows.length,
        requestId: request.id,
      });
    void reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (notModified) return reply.code(304).send();
    return body;
  }

  const rateLimit = {
    max: options.perMinute,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `api-key:${request.apiKey?.id ?? request.ip}`,
  };

  app.get(
    '/api/v1/provider-records',
    {
      config: { access: 'api-key', integrationResource: 'records', rateLimit },
      schema: {
        tags: ['integration'],
        summary: 'Approved providers: the current version of each record, by id',
        security,
        querystring: integrationRecordsQuerySchema,
        response: { 200: integrationRecordPageSchema, ...problems },
      },
    },
    async (request, reply) => {
      const counties = await countiesOf(request, request.query.county);
      const after = request.query.cursor ? decodeCursor(request.query.cursor, 'records').id : 0;
      const page = await integration.records(counties, request.query, after);
      return answer(request, reply, page, page.last ? encodeCursor(page.last) : null);
    },
  );

  app.get(
    '/api/v1/provider-records/changes',
    {
      config: { access: 'api-key', integrationResource: 'records', rateLimit },
      schema: {
        tags: ['integration'],
        summary: 'Approved providers whose record changed since a moment or a cursor, oldest change first',
        description:
          'Each record appears once, at its latest change. `nextCursor` is the position to ask from next time; a page shorter than `limit` means you are up to date.',
        security,
        querystring: integrationChangesQuerySchema,
        response: { 200: integrationRecordPageSchema, ...problems },
      },
    },
    async (request, reply) => {
      const counties = await countiesOf(request, request.query.county);
      const after = request.query.cursor ? decodeCursor(request.query.cursor, 'changes') : null;
      const page = await integration.changes(counties, request.query, after);
      // Caught up: the same position again, to ask from next time.
      const position = page.last ?? after;
      return answer(request, reply, page, position ? encodeCursor(position) : null);
    },
  );

  app.get(
    '/api/v1/applications',
    {
      config: { access: 'api-key', integrationResource: 'applications', rateLimit },
      schema: {
        tags: ['integration'],
        summary: 'Submitted applications with their status history, by id',
        security,
        querystring: integrationApplicationsQuerySchema,
        response: { 200: integrationApplicationPageSchema, ...problems },
      },
    },
    async (request, reply) => {
      const counties = await countiesOf(request, request.query.county);
      const after = request.query.cursor ? decodeCursor(request.query.cursor, 'applications').id : 0;
      const page = await integration.applications(counties, request.query, after);
      return answer(request, reply, page, page.last ? encodeCursor(page.last) : null);
    },
  );
};

import { healthSchema, problemSchema } from '@ccap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StorageHealth } from '../../storage/storage-health';

/**
 * 503 when the database is down (the instance can serve nothing); a document store out of room
 * is `degraded` with 200, since every instance shares it and everything but uploads still works.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ version: string; storage: StorageHealth }> = async (
  app,
  options,
) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness, database and document store status',
        response: { 200: healthSchema, 503: healthSchema, 500: problemSchema },
      },
    },
    async (_request, reply) => {
      const [check, storage] = await Promise.all([app.repositories.health.checkDatabase(), options.storage.check()]);
      const body = {
        status: check.up && storage.status === 'up' ? ('ok' as const) : ('degraded' as const),
        version: options.version,
        database: {
          status: check.up ? ('up' as const) : ('down' as const),
          backend: app.databaseBackend,
          latencyMs: check.latencyMs,
        },
        blobStore: { ...storage, kind: app.blobs.kind },
      };
      return reply
        .code(check.up ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};

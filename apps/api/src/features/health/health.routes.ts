import { healthSchema, problemSchema } from '@ccap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod<{ version: string }> = async (app, options) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database status',
        response: { 200: healthSchema, 503: healthSchema, 500: problemSchema },
      },
    },
    async (_request, reply) => {
      const check = await app.repositories.health.checkDatabase();
      const body = {
        status: check.up ? ('ok' as const) : ('degraded' as const),
        version: options.version,
        database: {
          status: check.up ? ('up' as const) : ('down' as const),
          backend: app.databaseBackend,
          latencyMs: check.latencyMs,
        },
      };
      return reply
        .code(check.up ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};

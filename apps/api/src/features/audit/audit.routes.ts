import { auditSearchQuerySchema, auditSearchResponseSchema, problemSchema } from '@ccap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toAuditEntry } from './audit-entry';

const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };

/** The audit trail's search, for administrators; its URL is the staff workspace's, where the page is. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { audit } = app.repositories;

  app.get(
    '/api/Staff/audit',
    {
      config: { access: 'administrator' },
      schema: {
        tags: ['staff'],
        summary: 'Search the whole audit trail (administrators), newest first',
        querystring: auditSearchQuerySchema,
        response: { 200: auditSearchResponseSchema, ...problems },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const { items, total } = await audit.search(request.query);
      return { items: items.map(toAuditEntry), total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );
};

import {
  APPLICATION_READ_LOG_LIMIT,
  applicationReadLogParamsSchema,
  applicationReadLogSchema,
  localize,
  problemSchema,
  readAuditActionSchema,
} from '@ccap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localeOfAcceptLanguage } from '../../lib/request-locale';
import { notFound } from '../../plugins/problem';
import { currentUser } from '../identity/access.plugin';

/**
 * GET /api/Application/{applicationId}/reads: who at the agency opened the caller's application,
 * and when (ADR 084). The owner's only: anyone else, staff included, is told it does not exist.
 */
export const readLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { audit, dashboard } = app.repositories;
  const { readLog, contactUnits, agencyName } = app.programProfile;
  const unit = contactUnits.find((candidate) => candidate.id === readLog.unitId) ?? contactUnits[0];
  const unitName = unit?.name ?? agencyName;

  app.get(
    '/api/Application/:applicationId/reads',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['application'],
        summary: 'Who at the agency opened your application, its PDF copy or its files, newest first',
        params: applicationReadLogParamsSchema,
        response: { 200: applicationReadLogSchema, 400: problemSchema, 401: problemSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const { applicationId } = request.params;
      if ((await dashboard.ownerOf(applicationId)) !== currentUser(request).id) throw notFound('notFoundApplication');
      const { items, total } = await audit.readsOf(applicationId, APPLICATION_READ_LOG_LIMIT);
      // The unit's name in the reader's language (English where the profile has none in it).
      const unitText = localize(unitName, localeOfAcceptLanguage(request.headers['accept-language']));
      return {
        applicationId,
        readerShownAs: readLog.showReader,
        total,
        items: items.flatMap((row) => {
          const action = readAuditActionSchema.safeParse(row.action);
          if (!action.success) return [];
          const after = row.after ?? {};
          const person = typeof after.readerName === 'string' && after.readerName ? after.readerName : null;
          return [
            {
              readAt: row.occurred_at.toISOString(),
              action: action.data,
              reader: readLog.showReader === 'person' ? (person ?? row.actor_label ?? unitText) : unitText,
              item: typeof after.itemName === 'string' ? after.itemName : null,
            },
          ];
        }),
      };
    },
  );
};

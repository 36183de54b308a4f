import {
  applicationPdfFileName,
  applicationPdfParamsSchema,
  applicationPdfQuerySchema,
  problemSchema,
} from '@ccap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../plugins/problem';
import { canReadApplication } from '../application-access';
import { currentUser } from '../../identity/access.plugin';
import { buildApplicationCopy } from './application-copy';
import { createFormats } from './formats';
import type { LocaleSource } from './labels';
import { renderApplicationPdf } from './render-pdf';

/** GET /api/Application/{applicationId}/pdf: a PDF copy of what was submitted. */
export const applicationPdfRoutes: FastifyPluginAsyncZod<{ locales: LocaleSource }> = async (app, { locales }) => {
  const { applicationPdf, audit } = app.repositories;

  app.get(
    '/api/Application/:applicationId/pdf',
    {
      // Rendering takes a tenth of a second or more of CPU: enough for people, not for a loop.
      config: { access: 'authenticated', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['application'],
        summary: 'A PDF copy of a submitted application, in the language asked for',
        params: applicationPdfParamsSchema,
        querystring: applicationPdfQuerySchema,
        response: {
          200: z.unknown().describe('application/pdf'),
          400: problemSchema,
          401: problemSchema,
          404: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { applicationId } = request.params;
      const application = await applicationPdf.find(applicationId);
      if (!application || !canReadApplication(user, application)) throw notFound('notFoundApplication');
      // Staff opening the copy is a read of the application (ADR 084); the applicant's own is not.
      await audit.recordRead({
        reader: user,
        requestId: request.id,
        action: 'application.pdf.read',
        application: { applicationId, ownerId: application.ownerId },
      });
      const lang = request.query.lang ?? user.profile.preferredLanguage;
      const copy = buildApplicationCopy({
        submitted: application,
        profile: app.programProfile,
        labels: await locales.labels(lang),
        formats: createFormats(lang, request.query.tz),
      });
      const pdf = await renderApplicationPdf(copy);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${applicationPdfFileName(applicationId)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};

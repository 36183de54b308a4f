import {
  applicationStatusSchema,
  dashboardResponseSchema,
  isStatusIn,
  problemSchema,
  type ProviderType,
  statusesOpenForDocuments,
} from '@ccap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DashboardOverview } from './dashboard.repository';
import { currentUser } from '../identity/access.plugin';

/** Spec section 7 "GET Dashboard/get-dashboard": the signed-in user's latest application at a glance. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dashboard } = app.repositories;

  app.get(
    '/api/Dashboard/get-dashboard',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['dashboard'],
        summary: "The signed-in user's latest application: status, history, documents still missing",
        response: { 200: dashboardResponseSchema, 401: problemSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const overview = await dashboard.overviewOf(currentUser(request).id);
      if (!overview) return { isDocumentRequired: false, applicationId: null, providerApplication: null };
      return answerOf(overview);
    },
  );
};

function answerOf({ application, missing, history, openRfiCount }: DashboardOverview) {
  const open = isStatusIn(statusesOpenForDocuments, application.status);
  return {
    // Only while documents can still be added: after a decision there is nothing to upload.
    isDocumentRequired: open && missing.length > 0,
    applicationId: application.id,
    providerApplication: {
      applicationId: application.id,
      providerType: application.provider_type as ProviderType,
      providerName: application.provider_name,
      status: application.status,
      submittedAt: application.submitted_at.toISOString(),
      missingDocuments: missing.map((document) => ({
        documentId: document.id,
        code: document.code,
        documentName: document.document_name,
        description: document.description,
      })),
      openRfiCount,
      statusHistory: history.flatMap((entry) => {
        const status = applicationStatusSchema.safeParse(entry.status);
        return status.success
          ? [{ status: status.data, changedAt: entry.occurred_at.toISOString(), reason: entry.reason }]
          : [];
      }),
    },
  };
}

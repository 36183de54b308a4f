import {
  apiKeyListSchema,
  apiKeyParamsSchema,
  apiKeySchema,
  createApiKeyRequestSchema,
  createdApiKeySchema,
  problemSchema,
} from '@ccap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpProblem, notFound } from '../../plugins/problem';
import { administration, currentUser } from '../identity/access.plugin';
import { refuseUnknownCounties } from '../program/known-counties';

const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };

/** /api/Admin/api-keys: administrators create, list and revoke the integration API's keys (ADR 112). */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const { apiKeys } = app.repositories;
  const counties = new Set(app.programProfile.counties);

  app.get(
    '/api/Admin/api-keys',
    administration('The integration API keys, newest first, with their last use', {
      response: { 200: apiKeyListSchema, ...problems },
    }),
    async () => ({ data: await apiKeys.list() }),
  );

  app.post(
    '/api/Admin/api-keys',
    administration('Create an integration API key: its secret is in this answer only', {
      body: createApiKeyRequestSchema,
      response: { 201: createdApiKeySchema, ...problems },
    }),
    async (request, reply) => {
      const actor = currentUser(request);
      refuseUnknownCounties(counties, request.body.counties);
      if (request.body.expiresOn < app.clock.today()) {
        throw new HttpProblem(400, 'apiKeyExpiryPast', {
          errors: [{ path: 'expiresOn', message: 'The expiry is in the past' }],
        });
      }
      const created = await apiKeys.create(request.body, { id: actor.id, label: actor.email, requestId: request.id });
      // The secret must not be kept by a cache or a proxy on its way.
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.post(
    '/api/Admin/api-keys/:id/revoke',
    administration('Revoke an integration API key: its next call is refused', {
      params: apiKeyParamsSchema,
      response: { 200: apiKeySchema, ...problems },
    }),
    async (request) => {
      const actor = currentUser(request);
      const revoked = await apiKeys.revoke(request.params.id, {
        id: actor.id,
        label: actor.email,
        requestId: request.id,
      });
      if (!revoked) throw notFound('notFoundApiKey');
      return revoked;
    },
  );
};

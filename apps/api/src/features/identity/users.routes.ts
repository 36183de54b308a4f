import { authConfigSchema, currentUserSchema, problemSchema, userSettingsSchema } from '@ccap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../env';
import { notFound } from '../../plugins/problem';
import { currentUser } from './access.plugin';

const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };

export const usersRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const { users } = app.repositories;

  app.get(
    '/api/Auth/config',
    {
      config: { access: 'public' },
      schema: { tags: ['identity'], summary: 'How the web app signs in', response: { 200: authConfigSchema } },
    },
    async () => ({
      authority: config.identity.issuer,
      clientId: config.identity.clientId,
      scope: config.identity.scope,
      builtIn: config.identity.kind === 'built-in',
      idleTimeoutSeconds: config.session.idleTimeoutSeconds,
      idleWarningSeconds: config.session.idleWarningSeconds,
    }),
  );

  app.get(
    '/api/User/me',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['identity'], summary: 'The signed-in user', response: { 200: currentUserSchema, ...problems } },
    },
    async (request) => currentUser(request),
  );

  app.put(
    '/api/User/me/settings',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['identity'],
        summary: 'Preferred language and notification preferences',
        body: userSettingsSchema,
        response: { 200: currentUserSchema, ...problems },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const updated = await users.updateSettings(user.id, request.body);
      if (!updated) throw notFound('notFoundUser');
      return updated;
    },
  );
};

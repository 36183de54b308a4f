import {
  authConfigSchema,
  currentUserSchema,
  grantRoleRequestSchema,
  problemSchema,
  revokeRoleRequestSchema,
  staffListSchema,
  staffMemberSchema,
  userSettingsSchema,
} from '@ccap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../env';
import { HttpProblem, notFound } from '../../plugins/problem';
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
      if (!updated) throw notFound('Your user record');
      return updated;
    },
  );

  app.get(
    '/api/Admin/staff',
    {
      config: { access: 'administrator' },
      schema: {
        tags: ['administration'],
        summary: 'Staff and their roles and counties',
        response: { 200: staffListSchema, ...problems },
      },
    },
    async () => ({ data: await users.listStaff() }),
  );

  const counties = new Set(app.programProfile.counties);

  /** The one user with this email; a role never goes to a guess between several. */
  async function singleUserByEmail(email: string) {
    if ((await users.countByEmail(email)) > 1) {
      throw new HttpProblem(
        409,
        'More than one user has signed in with this email, so the role cannot be granted by email.',
      );
    }
    const target = await users.findByEmail(email);
    if (!target)
      throw new HttpProblem(404, 'No user with that email has signed in yet. Ask them to sign in once first.');
    return target;
  }

  app.post(
    '/api/Admin/grant-role',
    {
      config: { access: 'administrator' },
      schema: {
        tags: ['administration'],
        summary: 'Grant a staff role (and counties) to a user who has signed in before',
        body: grantRoleRequestSchema,
        response: { 200: staffMemberSchema, ...problems },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const unknown = request.body.counties.filter((county) => !counties.has(county));
      if (unknown.length > 0) {
        throw new HttpProblem(400, `Unknown county: ${unknown.join(', ')}.`, {
          errors: unknown.map((county) => ({ path: 'counties', message: `Unknown county: ${county}` })),
        });
      }
      const target = await singleUserByEmail(request.body.email);
      return users.changeRole(
        { action: 'grant', userId: target.id, role: request.body.role, counties: request.body.counties },
        { id: actor.id, label: actor.email, requestId: request.id },
      );
    },
  );

  app.post(
    '/api/Admin/revoke-role',
    {
      config: { access: 'administrator' },
      schema: {
        tags: ['administration'],
        summary: 'Revoke a staff role',
        body: revokeRoleRequestSchema,
        response: { 200: staffMemberSchema, ...problems },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const target = await singleUserByEmail(request.body.email);
      if (target.id === actor.id && request.body.role === 'administrator') {
        throw new HttpProblem(400, 'You cannot remove your own administrator role.');
      }
      return users.changeRole(
        { action: 'revoke', userId: target.id, role: request.body.role },
        { id: actor.id, label: actor.email, requestId: request.id },
      );
    },
  );
};

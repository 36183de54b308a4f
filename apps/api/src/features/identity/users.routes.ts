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
  const { users, audit } = app.repositories;

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
      const target = await users.findByEmail(request.body.email);
      if (!target)
        throw new HttpProblem(404, 'No user with that email has signed in yet. Ask them to sign in once first.');
      const updated = await users.grantRole(target.id, request.body.role, request.body.counties, actor.email);
      await audit.record({
        actorId: actor.id,
        actorLabel: actor.email,
        action: 'role.granted',
        entityType: 'user',
        entityId: target.id,
        before: { roles: target.roles, counties: target.counties },
        after: { roles: updated?.roles, counties: updated?.counties },
        requestId: request.id,
      });
      return updated!;
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
      const target = await users.findByEmail(request.body.email);
      if (!target) throw notFound('That user');
      if (target.id === actor.id && request.body.role === 'administrator') {
        throw new HttpProblem(400, 'You cannot remove your own administrator role.');
      }
      const updated = await users.revokeRole(target.id, request.body.role);
      await audit.record({
        actorId: actor.id,
        actorLabel: actor.email,
        action: 'role.revoked',
        entityType: 'user',
        entityId: target.id,
        before: { roles: target.roles, counties: target.counties },
        after: { roles: updated?.roles, counties: updated?.counties },
        requestId: request.id,
      });
      return updated!;
    },
  );
};

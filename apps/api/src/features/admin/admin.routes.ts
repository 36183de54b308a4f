import {
  grantRoleRequestSchema,
  problemSchema,
  resetSecondFactorRequestSchema,
  resetSecondFactorResponseSchema,
  revokeRoleRequestSchema,
  staffListSchema,
  staffMemberSchema,
} from '@ccap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpProblem } from '../../plugins/problem';
import { administration, currentUser } from '../identity/access.plugin';
import { refuseUnknownCounties } from '../program/known-counties';

const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };

/** /api/Admin/*: administrators list the staff and grant or revoke their roles and counties. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users, secondFactor } = app.repositories;

  app.get(
    '/api/Admin/staff',
    administration('Staff and their roles and counties', {
      response: { 200: staffListSchema, ...problems },
    }),
    async () => ({ data: await users.listStaff() }),
  );

  const counties = new Set(app.programProfile.counties);

  /** The one user with this email; a role never goes to a guess between several. */
  async function singleUserByEmail(email: string) {
    if ((await users.countByEmail(email)) > 1) {
      throw new HttpProblem(409, 'emailMatchesManyUsers');
    }
    const target = await users.findByEmail(email);
    if (!target) throw new HttpProblem(404, 'userNotSignedInYet');
    return target;
  }

  app.post(
    '/api/Admin/grant-role',
    administration('Grant a staff role (and counties) to a user who has signed in before', {
      body: grantRoleRequestSchema,
      response: { 200: staffMemberSchema, ...problems },
    }),
    async (request) => {
      const actor = currentUser(request);
      refuseUnknownCounties(counties, request.body.counties);
      const target = await singleUserByEmail(request.body.email);
      return users.changeRole(
        { action: 'grant', userId: target.id, role: request.body.role, counties: request.body.counties },
        { id: actor.id, label: actor.email, requestId: request.id },
      );
    },
  );

  app.post(
    '/api/Admin/revoke-role',
    administration('Revoke a staff role', {
      body: revokeRoleRequestSchema,
      response: { 200: staffMemberSchema, ...problems },
    }),
    async (request) => {
      const actor = currentUser(request);
      const target = await singleUserByEmail(request.body.email);
      if (target.id === actor.id && request.body.role === 'administrator') {
        throw new HttpProblem(400, 'ownAdministratorRole');
      }
      return users.changeRole(
        { action: 'revoke', userId: target.id, role: request.body.role },
        { id: actor.id, label: actor.email, requestId: request.id },
      );
    },
  );

  app.post(
    '/api/Admin/reset-second-factor',
    administration("Clear a staff member's second factor: they set up a new one at their next sign-in", {
      body: resetSecondFactorRequestSchema,
      response: { 200: resetSecondFactorResponseSchema, ...problems },
    }),
    async (request) => {
      const actor = currentUser(request);
      const target = await singleUserByEmail(request.body.email);
      // Another administrator resets it: a session taken over cannot swap its own second factor.
      if (target.id === actor.id) {
        throw new HttpProblem(400, 'ownSecondFactor');
      }
      const status = await secondFactor.resetForUser(target.id, {
        id: actor.id,
        label: actor.email,
        requestId: request.id,
      });
      if (status === 'not-built-in') {
        throw new HttpProblem(409, 'secondFactorElsewhere');
      }
      return { status };
    },
  );
};

import {
  availabilityMessages,
  availabilityParamsSchema,
  availabilitySchema,
  closureInputSchema,
  closureParamsSchema,
  myAvailabilitySchema,
  openingsInputSchema,
  problemSchema,
  todayIso,
} from '@ccap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { HttpProblem, notFound } from '../../plugins/problem';
import { canReadApplication } from '../application/application-access';
import { actorOf } from '../staff/review-access';
import { currentUser } from '../identity/access.plugin';
import type { AvailabilityRepository } from './availability.repository';

/** Problem types the availability page words in its own language. */
export const availabilityProblemTypes = {
  overlap: 'urn:ccap:problem:closure-overlap',
  closedForGood: 'urn:ccap:problem:closed-for-good',
  closureStarted: 'urn:ccap:problem:closure-started',
} as const;

const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };
const writeProblems = { ...problems, 409: problemSchema, 422: problemSchema };

const noProvider = () => notFound('notFoundProvider');

/**
 * Who may read a provider's availability: as for its application (the owner, the county's
 * service workers, administrators), once approved; anyone else is told it does not exist.
 */
async function readable(availability: AvailabilityRepository, request: FastifyRequest, applicationId: number) {
  const application = await availability.find(applicationId);
  if (!application || application.status !== 'approved' || !canReadApplication(currentUser(request), application))
    throw noProvider();
  return application;
}

/** Only the provider changes their availability; staff who may read it are told so. */
async function writable(availability: AvailabilityRepository, request: FastifyRequest, applicationId: number) {
  const application = await readable(availability, request, applicationId);
  if (application.ownerId !== currentUser(request).id) throw new HttpProblem(403, 'availabilityOwnerOnly');
  return application;
}

/**
 * An approved provider's closures and openings (ADR 102), under `/api/ProviderRecord`. A
 * closure in force today leaves the provider out of the public search; openings show there.
 */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { availability } = app.repositories;

  app.get(
    '/api/ProviderRecord/availability/mine',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['provider-record'],
        summary: "The signed-in provider's closures and openings (null without an approved application)",
        response: { 200: myAvailabilitySchema, 401: problemSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const applicationId = await availability.latestApprovedOf(currentUser(request).id);
      if (applicationId === undefined) return { availability: null };
      return { availability: (await availability.availability(applicationId, todayIso())) ?? null };
    },
  );

  app.get(
    '/api/ProviderRecord/:applicationId/availability',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['provider-record'],
        summary: "An approved provider's closures and openings (the provider, the county's staff)",
        params: availabilityParamsSchema,
        response: { 200: availabilitySchema, ...problems },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const application = await readable(availability, request, request.params.applicationId);
      const answer = await availability.availability(application.id, todayIso());
      if (!answer) throw noProvider();
      return answer;
    },
  );

  app.post(
    '/api/ProviderRecord/:applicationId/closures',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['provider-record'],
        summary: 'Record a temporary or permanent closure',
        params: availabilityParamsSchema,
        body: closureInputSchema,
        response: { 201: availabilitySchema, ...writeProblems },
      },
    },
    async (request, reply) => {
      const application = await writable(availability, request, request.params.applicationId);
      const result = await availability.recordClosure({
        applicationId: application.id,
        closure: request.body,
        actor: actorOf(request),
        today: todayIso(),
      });
      if (result.outcome === 'not-found') throw noProvider();
      if (result.outcome === 'overlap')
        throw new HttpProblem(409, 'closureOverlaps', {
          type: availabilityProblemTypes.overlap,
          errors: [{ path: 'startsOn', message: availabilityMessages.overlap }],
        });
      if (result.outcome === 'closed-for-good')
        throw new HttpProblem(409, 'closedPermanently', {
          type: availabilityProblemTypes.closedForGood,
          errors: [{ path: 'kind', message: availabilityMessages.alreadyClosed }],
        });
      return reply.code(201).send(result.value);
    },
  );

  app.post(
    '/api/ProviderRecord/:applicationId/closures/:closureId/cancel',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['provider-record'],
        summary: 'Cancel a closure that has not begun',
        params: closureParamsSchema,
        response: { 200: availabilitySchema, ...writeProblems },
      },
    },
    async (request) => {
      const application = await writable(availability, request, request.params.applicationId);
      const result = await availability.cancelClosure({
        applicationId: application.id,
        closureId: request.params.closureId,
        actor: actorOf(request),
        today: todayIso(),
      });
      if (result.outcome === 'not-found') throw notFound('notFoundClosure');
      if (result.outcome === 'started')
        throw new HttpProblem(409, 'closureNotCancellable', {
          type: availabilityProblemTypes.closureStarted,
        });
      return result.value;
    },
  );

  app.put(
    '/api/ProviderRecord/:applicationId/openings',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['provider-record'],
        summary: 'Save the openings by age group, dated today',
        params: availabilityParamsSchema,
        body: openingsInputSchema,
        response: { 200: availabilitySchema, ...writeProblems },
      },
    },
    async (request) => {
      const application = await writable(availability, request, request.params.applicationId);
      const result = await availability.saveOpenings({
        applicationId: application.id,
        openings: request.body.openings,
        actor: actorOf(request),
        today: todayIso(),
      });
      if (result.outcome === 'not-found') throw noProvider();
      return result.value;
    },
  );
};

import {
  announcementListSchema,
  announcementSchema,
  audienceRequestSchema,
  audienceSchema,
  problemSchema,
  sendAnnouncementRequestSchema,
} from '@ccap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { administration, currentUser } from '../identity/access.plugin';
import { unknownCountiesProblem } from '../program/known-counties';

const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };

/**
 * /api/Admin/announcements: administrators count an audience, send an announcement to it and
 * list those sent (ADR 114). Delivery is the job queue's (`announcements.deliver`).
 */
export const announcementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { announcements } = app.repositories;
  const counties = new Map(app.programProfile.counties.map((county) => [county.trim().toLowerCase(), county]));

  /** A county the program does not have is refused by name, before anything is counted or sent. */
  const checkCounties = (names: string[]) => {
    const unknown = names.filter((county) => !counties.has(county.trim().toLowerCase()));
    if (unknown.length > 0) throw unknownCountiesProblem(unknown, 'filters.counties');
  };

  app.get(
    '/api/Admin/announcements',
    administration('Announcements sent, newest first: who, when, audience, languages', {
      response: { 200: announcementListSchema, ...problems },
    }),
    async () => ({ data: await announcements.list() }),
  );

  app.post(
    '/api/Admin/announcements/audience',
    administration('How many provider accounts the filters reach now', {
      body: audienceRequestSchema,
      response: { 200: audienceSchema, ...problems },
    }),
    async (request) => {
      checkCounties(request.body.filters.counties);
      return { count: await announcements.audienceCount(request.body.filters) };
    },
  );

  app.post(
    '/api/Admin/announcements',
    administration('Send an announcement to the providers the filters reach (the same sendKey again sends nothing)', {
      body: sendAnnouncementRequestSchema,
      response: { 200: announcementSchema, 201: announcementSchema, ...problems },
    }),
    async (request, reply) => {
      checkCounties(request.body.filters.counties);
      const actor = currentUser(request);
      const sent = await announcements.send(request.body, {
        id: actor.id,
        label: actor.email,
        requestId: request.id,
      });
      return reply.code(sent.created ? 201 : 200).send(sent.announcement);
    },
  );
};

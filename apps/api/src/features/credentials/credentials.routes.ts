import {
  expiringQueueSchema,
  myRecordCredentialsSchema,
  problemSchema,
  providerRecordParamsSchema,
  recordCredentialsSchema,
} from '@ccap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../plugins/problem';
import { canReadApplication } from '../application/application-access';
import { currentUser } from '../identity/access.plugin';
import { scopeOf } from '../staff/staff-scope';

const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };

/**
 * Credentials with expiry (ADR 115, 116): a record's credentials and their states for the
 * provider's dashboard and the record pages, and the staff's "expiring soon" list. Dates and
 * names of credentials, none of the provider's other answers: not a read of their file (ADR
 * 084), as the approval term is not.
 */
export const credentialsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { providerRecords, credentialExpiry } = app.repositories;

  app.get(
    '/api/ProviderRecord/credentials',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['provider-record'],
        summary: "The caller's record's credentials and their states today, or null without an approved record",
        response: { 200: myRecordCredentialsSchema, ...problems },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const record = await providerRecords.latestOf(currentUser(request).id);
      if (!record) return { record: null };
      return {
        record: {
          applicationId: record.applicationId,
          credentials: await credentialExpiry.statesOf(record.id, providerRecords.today()),
        },
      };
    },
  );

  app.get(
    '/api/ProviderRecord/:applicationId/credentials',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['provider-record'],
        summary: "A record's credentials and their states today (its provider, or staff of its county)",
        params: providerRecordParamsSchema,
        response: { 200: recordCredentialsSchema, ...problems },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const record = await providerRecords.find(request.params.applicationId);
      if (!record || !canReadApplication(currentUser(request), { ownerId: record.ownerId, county: record.county })) {
        throw notFound('notFoundProviderRecord');
      }
      return {
        applicationId: record.applicationId,
        credentials: await credentialExpiry.statesOf(record.id, providerRecords.today()),
      };
    },
  );

  app.get(
    '/api/Staff/expiring',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff'],
        summary:
          'The queue\'s "expiring soon": records in force in the caller\'s counties with a credential expiring soon or expired',
        response: { 200: expiringQueueSchema, ...problems },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const items = await credentialExpiry.expiring(scopeOf(currentUser(request)));
      return { items, total: items.length };
    },
  );
};

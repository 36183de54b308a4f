import {
  documentsToRenew,
  myRenewalSchema,
  problemSchema,
  renewalDocumentsSchema,
  startRenewalResponseSchema,
} from '@ccap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpProblem, notFound } from '../../plugins/problem';
import { parseApplicationJson } from '../application/applications.routes';
import { currentUser } from '../identity/access.plugin';

const problems = { 400: problemSchema, 401: problemSchema, 404: problemSchema, 409: problemSchema };

/**
 * Renewal of the caller's provider record (ADR 117): where it stands, the renewal draft
 * (prefilled from the record), and the documents a renewal would ask for again. The record is
 * always the caller's own: nobody renews another provider's record.
 */
export const renewalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { providerRecords, renewals } = app.repositories;

  const myRecord = async (userId: string) => {
    const record = await providerRecords.latestOf(userId);
    if (!record) throw notFound('notFoundProviderRecord');
    return record;
  };

  app.get(
    '/api/ProviderRecord/renewal',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['provider-record'],
        summary: "Where the caller's renewal stands: when it opens, its draft, the renewal sent, each step's day",
        response: { 200: myRenewalSchema, ...problems },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const record = await providerRecords.latestOf(currentUser(request).id);
      return { renewal: record ? await renewals.stateOf(record) : null };
    },
  );

  app.post(
    '/api/ProviderRecord/renewal',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['provider-record'],
        summary: 'Begin (or resume) the renewal of your record: a draft prefilled from its current version',
        body: z.unknown().optional(),
        response: { 200: startRenewalResponseSchema, 201: startRenewalResponseSchema, ...problems },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const record = await myRecord(user.id);
      const result = await renewals.start(user.id, record);
      if (result.outcome === 'already-sent') {
        throw new HttpProblem(409, 'renewalAlreadySent', { values: { applicationId: result.applicationId } });
      }
      if (result.outcome === 'too-early') {
        throw new HttpProblem(409, 'renewalNotOpenYet', { values: { date: result.opensOn } });
      }
      return reply
        .code(result.outcome === 'started' ? 201 : 200)
        .send({ draftId: result.draftId, providerType: result.providerType });
    },
  );

  app.post(
    '/api/ProviderRecord/renewal/documents',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['provider-record'],
        summary: 'The documents your renewal asks for again with these answers (the others are carried over)',
        body: z.object({ applicationJson: z.string().max(1_000_000) }),
        response: { 200: renewalDocumentsSchema, ...problems },
      },
    },
    async (request) => {
      const record = await myRecord(currentUser(request).id);
      const after = parseApplicationJson(request.body.applicationJson);
      const [current, onFile] = await Promise.all([
        providerRecords.current(record.id),
        renewals.documentsOnFile(record),
      ]);
      return documentsToRenew({
        rules: app.programProfile.requiredDocuments,
        before: current.answers,
        after,
        onFile,
        today: providerRecords.today(),
        credentials: app.programProfile.credentials,
      });
    },
  );
};

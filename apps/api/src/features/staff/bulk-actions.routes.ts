import {
  BULK_ACTION_MAX,
  type BulkAction,
  bulkActionRequestSchema,
  bulkActionResponseSchema,
  type BulkFilters,
  type BulkItemResult,
  type BulkRefusalReason,
  problemSchema,
  staffProblemTypes,
  staffWorkersSchema,
} from '@ccap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpProblem } from '../../plugins/problem';
import { currentUser } from '../identity/access.plugin';
import type { PortalUser } from '../identity/users.repository';
import { actorOf, canReviewApplication } from './review-access';
import type { ChangeOutcome } from './review.repository';
import { scopeOf, type StaffScope } from './staff-scope';

const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 422: problemSchema };
const PAGE = 100;

const isStaff = (user: PortalUser) => user.roles.some((role) => role === 'service-worker' || role === 'administrator');
const worksIn = (user: PortalUser, county: string | null) =>
  user.roles.includes('administrator') || (county !== null && user.counties.includes(county));

type ItemOutcome =
  | { applicationId: number; outcome: 'done'; version: number }
  | { applicationId: number; outcome: 'refused'; reason: BulkRefusalReason };

/** A single action's outcome as a bulk item's: done, or the reason it was not. */
const itemOf = (applicationId: number, result: ChangeOutcome<{ version: number }>): ItemOutcome =>
  result.outcome === 'done'
    ? { applicationId, outcome: 'done', version: result.value.version }
    : {
        applicationId,
        outcome: 'refused',
        reason:
          result.outcome === 'not-found'
            ? 'notFound'
            : result.outcome === 'conflict'
              ? 'versionConflict'
              : result.outcome === 'invalid'
                ? 'invalidTransition'
                : 'closed',
      };

/**
 * Bulk actions of the review queue: one of the single actions (assign, start review, request a
 * document) or a message to the providers (ADR 122) on many applications, each in its own
 * transaction with the single action's version and permission checks, answered item by item
 * (ADR 109).
 */
export const bulkActionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { queue, review, requiredDocuments, bulkActions, users } = app.repositories;

  /** Every application the filters match in the scope, with its version now; refused past the maximum. */
  const matching = async (scope: StaffScope, filters: BulkFilters) => {
    const found: { applicationId: number; version: number }[] = [];
    const seen = new Set<number>();
    for (let page = 1; ; page += 1) {
      const { items, total } = await queue.page(scope, {
        ...filters,
        sort: 'applicationId',
        order: 'asc',
        page,
        pageSize: PAGE,
      });
      if (total > BULK_ACTION_MAX) {
        throw new HttpProblem(422, 'bulkTooMany', {
          values: { count: total, max: BULK_ACTION_MAX },
          type: staffProblemTypes.bulkTooMany,
        });
      }
      // A row moving into the filters mid-paging shifts the pages: an application is kept once, so it is acted on once.
      for (const { applicationId, version } of items) {
        if (!seen.has(applicationId)) found.push({ applicationId, version });
        seen.add(applicationId);
      }
      if (items.length < PAGE || found.length >= total) return found;
    }
  };

  /** The worker an assignment names: staff, and sharing a county with the caller. */
  const assigneeFor = async (caller: PortalUser, action: BulkAction) => {
    if (action.kind !== 'assign') return undefined;
    const worker = (await users.listStaff()).find((user) => user.id === action.assigneeId);
    if (!worker || !isStaff(worker)) {
      throw new HttpProblem(422, 'bulkUnknownWorker', { type: staffProblemTypes.bulkWorker });
    }
    const shared =
      caller.roles.includes('administrator') ||
      worker.roles.includes('administrator') ||
      worker.counties.some((county) => caller.counties.includes(county));
    if (!shared) throw new HttpProblem(422, 'bulkWorkerOutOfCounty', { type: staffProblemTypes.bulkWorker });
    return worker;
  };

  app.post(
    '/api/Staff/bulk-actions',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff'],
        summary:
          'One action (assign, start review, request a document, send a message) on chosen applications or all matching; answered per item',
        body: bulkActionRequestSchema,
        response: { 200: bulkActionResponseSchema, ...problems },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { action, target } = request.body;
      const worker = await assigneeFor(user, action);
      const items = 'items' in target ? target.items : await matching(scopeOf(user), target.filters);
      if (items.length === 0) throw new HttpProblem(422, 'bulkNothingMatches');
      const facts = await bulkActions.facts(items.map((item) => item.applicationId));
      const actor = actorOf(request);

      const doOne = async ({
        applicationId,
        version,
      }: {
        applicationId: number;
        version: number;
      }): Promise<ItemOutcome> => {
        const fact = facts.get(applicationId);
        // Whoever may not review it is told it does not exist, as by the single action.
        if (!fact || !canReviewApplication(user, { ownerId: fact.owner_id, county: fact.county })) {
          return { applicationId, outcome: 'refused' as const, reason: 'notFound' as const };
        }
        switch (action.kind) {
          case 'assign':
            if (!worker || !worksIn(worker, fact.county) || worker.id === fact.owner_id) {
              return { applicationId, outcome: 'refused' as const, reason: 'workerOutOfCounty' as const };
            }
            return itemOf(applicationId, await review.assign({ applicationId, assigneeId: worker.id, version, actor }));
          case 'startReview':
            return itemOf(
              applicationId,
              await review.changeStatus({ applicationId, action: 'start-review', version, reason: undefined, actor }),
            );
          case 'requestDocument': {
            const row = await requiredDocuments.requestOnVersion({
              applicationId,
              documentName: action.documentName,
              description: action.description,
              version,
              actor,
            });
            return row === 'conflict'
              ? { applicationId, outcome: 'refused' as const, reason: 'versionConflict' as const }
              : row === 'closed'
                ? { applicationId, outcome: 'refused' as const, reason: 'closed' as const }
                : { applicationId, outcome: 'done' as const, version };
          }
          case 'sendMessage': {
            // The version is checked, not moved: the message was written to the applications as listed.
            const sent = await bulkActions.messageOnVersion({ applicationId, message: action.message, version, actor });
            return sent === 'not-found'
              ? { applicationId, outcome: 'refused' as const, reason: 'notFound' as const }
              : sent === 'conflict'
                ? { applicationId, outcome: 'refused' as const, reason: 'versionConflict' as const }
                : { applicationId, outcome: 'done' as const, version: sent.version };
          }
        }
      };

      // One after another: each item is its own transaction, and a long list does not take every connection.
      const results: BulkItemResult[] = [];
      for (const item of items) {
        const result = await doOne(item);
        results.push(
          result.outcome === 'done'
            ? result
            : { ...result, providerName: facts.get(item.applicationId)?.provider_name ?? null },
        );
      }
      const done = results.filter((result) => result.outcome === 'done').length;
      request.log.info({ action: action.kind, done, refused: results.length - done }, 'bulk action');
      return { kind: action.kind, done, refused: results.length - done, items: results };
    },
  );

  app.get(
    '/api/Staff/workers',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff'],
        summary: "Staff an application of the caller's counties can be assigned to",
        response: { 200: staffWorkersSchema, ...problems },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const user = currentUser(request);
      const all = user.roles.includes('administrator');
      const workers = (await users.listStaff()).filter(
        (worker) =>
          isStaff(worker) &&
          (all || worker.roles.includes('administrator') || worker.counties.some((c) => user.counties.includes(c))),
      );
      return { workers: workers.map(({ id, name, counties }) => ({ id, name, counties })) };
    },
  );
};

import {
  staffRenewalQuerySchema,
  staffRenewalQueueSchema,
  allowedActionsFor,
  assignRequestSchema,
  changeStatusRequestSchema,
  problemSchema,
  type ProviderType,
  revealRequestSchema,
  revealResponseSchema,
  staffApplicationParamsSchema,
  staffApplicationSchema,
  staffChangeQuerySchema,
  staffChangeQueueSchema,
  staffChangeResponseSchema,
  staffProblemTypes,
  staffQueueQuerySchema,
  staffQueueResponseSchema,
  staffStatisticsSchema,
  submittedStatusSchema,
} from '@ccap/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storedApplication } from '../application/stored-application';
import { HttpProblem, notFound } from '../../plugins/problem';
import { toAuditEntry } from '../audit/audit-entry';
import { currentUser } from '../identity/access.plugin';
import { daysWaiting, isOverdue, waitEndedAt } from './days-waiting';
import { actorOf, reviewableApplication } from './review-access';
import type { ChangeOutcome } from './review.repository';
import { scopeOf, type StaffScope } from './staff-scope';
import { assigneeOf, toStaffDocument } from './staff-views';
import { createFormats } from '../application/pdf/formats';

const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };
const changeProblems = { ...problems, 409: problemSchema };

function answerOf<T>(result: ChangeOutcome<T>, timeZone: string): T {
  switch (result.outcome) {
    case 'done':
      return result.value;
    case 'not-found':
      throw notFound('notFoundApplication');
    case 'conflict':
      throw new HttpProblem(409, 'versionConflict', {
        values: { time: (labels) => createFormats(labels.lang, timeZone).dateTime(result.changedAt) },
        type: staffProblemTypes.versionConflict,
      });
    case 'invalid':
      throw new HttpProblem(409, 'invalidTransition', {
        values: { status: (labels) => labels.t(`staff.status.${result.status}`) },
        type: staffProblemTypes.invalidTransition,
      });
    case 'closed':
      throw new HttpProblem(409, 'assignmentClosed', {
        values: { status: (labels) => labels.t(`staff.status.${result.status}`) },
        type: staffProblemTypes.assignmentClosed,
      });
  }
}

/**
 * The staff workspace's API (issue #9): the queue, one application's review and decisions, the
 * statistics. Its required-documents checklist is required-documents.routes.ts.
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { queue, changeQueue, review, statistics, documents, audit } = app.repositories;
  const reviewable = (request: FastifyRequest, applicationId: number) =>
    reviewableApplication(review, request, applicationId);
  /** One page of a queue in the caller's scope, with the counties its filter offers; never cached. */
  const pageOf = async <Q extends { page: number; pageSize: number }, I>(
    request: FastifyRequest,
    reply: FastifyReply,
    query: Q,
    list: (scope: StaffScope, query: Q) => Promise<{ items: I[]; total: number }>,
  ) => {
    void reply.header('cache-control', 'private, no-store');
    const user = currentUser(request);
    const scope = scopeOf(user);
    const { items, total } = await list(scope, query);
    return {
      items,
      total,
      page: query.page,
      pageSize: query.pageSize,
      counties: scope.allCounties ? app.programProfile.counties : [...user.counties].sort(),
    };
  };

  app.get(
    '/api/Staff/applications',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff'],
        summary: "The review queue: the caller's counties (all for an administrator), filtered, sorted, one page",
        querystring: staffQueueQuerySchema,
        response: { 200: staffQueueResponseSchema, ...problems },
      },
    },
    async (request, reply) => pageOf(request, reply, request.query, (scope, query) => queue.page(scope, query)),
  );

  app.get(
    '/api/Staff/changes',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff'],
        summary: "The queue's reported changes: the caller's counties (all for an administrator), filtered, one page",
        querystring: staffChangeQuerySchema,
        response: { 200: staffChangeQueueSchema, ...problems },
      },
    },
    async (request, reply) => pageOf(request, reply, request.query, (scope, query) => changeQueue.page(scope, query)),
  );

  app.get(
    '/api/Staff/renewals',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff'],
        summary: "The queue's renewals: the caller's counties (all for an administrator), with end dates, one page",
        querystring: staffRenewalQuerySchema,
        response: { 200: staffRenewalQueueSchema, ...problems },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const user = currentUser(request);
      const scope = scopeOf(user);
      const { items, total } = await app.repositories.renewalQueue.page(scope, request.query);
      return {
        items,
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
        counties: scope.allCounties ? app.programProfile.counties : [...user.counties].sort(),
      };
    },
  );

  app.get(
    '/api/Staff/applications/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff'],
        summary: 'One application under review: answers, documents, status history, audit trail, version',
        params: staffApplicationParamsSchema,
        response: { 200: staffApplicationSchema, ...problems },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const application = await reviewable(request, request.params.id);
      const [documentRows, trail] = await Promise.all([
        documents.listFor(application.id),
        audit.trailOf(application.id),
        // Opening the review is a read of the application (ADR 084).
        audit.recordRead({
          reader: currentUser(request),
          requestId: request.id,
          action: 'application.read',
          application: { applicationId: application.id, ownerId: application.owner_id },
        }),
      ]);
      return {
        applicationId: application.id,
        providerName: application.provider_name,
        providerType: application.provider_type as ProviderType,
        county: application.county,
        status: application.status,
        submittedAt: application.submitted_at.toISOString(),
        decidedAt: application.decided_at?.toISOString() ?? null,
        daysWaiting: daysWaiting(application.submitted_at, waitEndedAt(application)),
        overdue: isOverdue(application.status, application.submitted_at),
        version: application.version,
        assignee: assigneeOf(application),
        application: storedApplication(application.application_json, application.id),
        documents: documentRows.map(toStaffDocument),
        statusHistory: trail.flatMap((row) => {
          const status = submittedStatusSchema.safeParse(
            row.entity_type === 'application' ? row.after?.status : undefined,
          );
          return status.success
            ? [
                {
                  status: status.data,
                  changedAt: row.occurred_at.toISOString(),
                  by: row.actor_label,
                  reason: row.reason,
                },
              ]
            : [];
        }),
        auditTrail: trail.map(toAuditEntry),
        allowedActions: allowedActionsFor(application.status),
      };
    },
  );

  app.post(
    '/api/Staff/applications/:id/status',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff'],
        summary: 'Start review, approve, deny (reason required) or withdraw, on the version the caller saw',
        params: staffApplicationParamsSchema,
        body: changeStatusRequestSchema,
        response: { 200: staffChangeResponseSchema, ...changeProblems },
      },
    },
    async (request) => {
      await reviewable(request, request.params.id);
      const { action, version, reason } = request.body;
      return answerOf(
        await review.changeStatus({
          applicationId: request.params.id,
          action,
          version,
          reason,
          actor: actorOf(request),
        }),
        app.programProfile.timeZone,
      );
    },
  );

  app.post(
    '/api/Staff/applications/:id/assign',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff'],
        summary: 'Assign the application to the caller ("me"), or unassign it (null)',
        params: staffApplicationParamsSchema,
        body: assignRequestSchema,
        response: { 200: staffChangeResponseSchema, ...changeProblems },
      },
    },
    async (request) => {
      await reviewable(request, request.params.id);
      const actor = actorOf(request);
      return answerOf(
        await review.assign({
          applicationId: request.params.id,
          assigneeId: request.body.assignee === 'me' ? actor.id : null,
          version: request.body.version,
          actor,
        }),
        app.programProfile.timeZone,
      );
    },
  );

  app.post(
    '/api/Staff/applications/:id/reveal',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff'],
        summary: 'One protected answer (taxpayer number, date of birth) in clear, with the reason; audited',
        params: staffApplicationParamsSchema,
        body: revealRequestSchema,
        response: { 200: revealResponseSchema, ...problems },
      },
    },
    async (request, reply) => {
      // The value is for this view only: no cache keeps it.
      void reply.header('cache-control', 'no-store');
      await reviewable(request, request.params.id);
      const value = await review.reveal({
        applicationId: request.params.id,
        field: request.body.field,
        reason: request.body.reason,
        actor: actorOf(request),
      });
      if (value === undefined) throw notFound('notFoundAnswer');
      return { field: request.body.field, value };
    },
  );

  app.get(
    '/api/Staff/statistics',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff'],
        summary: "Applications by status, county and type, and median days to a decision, in the caller's counties",
        response: { 200: staffStatisticsSchema, ...problems },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return statistics.of(scopeOf(currentUser(request)));
    },
  );
};

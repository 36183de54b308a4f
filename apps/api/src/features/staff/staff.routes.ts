import {
  allowedActionsFor,
  assignRequestSchema,
  auditSearchQuerySchema,
  auditSearchResponseSchema,
  changeStatusRequestSchema,
  problemSchema,
  type ProviderType,
  requestDocumentSchema,
  staffApplicationParamsSchema,
  staffApplicationSchema,
  staffChangeResponseSchema,
  staffDocumentParamsSchema,
  staffDocumentSchema,
  staffProblemTypes,
  staffQueueQuerySchema,
  staffQueueResponseSchema,
  staffStatisticsSchema,
  statusesOpenForDocuments,
  submittedStatusSchema,
  waiveDocumentSchema,
} from '@ccap/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storedApplication } from '../applications/stored-application';
import { HttpProblem, notFound } from '../../plugins/problem';
import { canReadApplication } from '../applications/application-access';
import { currentUser } from '../identity/access.plugin';
import type { PortalUser } from '../identity/users.repository';
import { toStaffDocument, toAuditEntry } from './staff-views';
import { type ChangeOutcome, daysWaiting, isOverdue, scopeOf, waitEndedAt } from './staff.repository';

const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };
const changeProblems = { ...problems, 409: problemSchema };

/**
 * Staff may work on an application of their counties (any county for an administrator):
 * the applicants' own rule (application-access) less their own applications, which nobody
 * reviews. Everyone else is told it does not exist.
 */
export function canReviewApplication(user: PortalUser, application: { ownerId: string; county: string | null }) {
  return application.ownerId !== user.id && canReadApplication(user, application);
}

const actorOf = (request: FastifyRequest) => {
  const user = currentUser(request);
  return { id: user.id, label: user.email, requestId: request.id };
};

function answerOf<T>(result: ChangeOutcome<T>): T {
  switch (result.outcome) {
    case 'done':
      return result.value;
    case 'not-found':
      throw notFound('The application');
    case 'conflict':
      throw new HttpProblem(
        409,
        `Someone else changed this application at ${result.changedAt.toISOString()} after you opened it. ` +
          'Reload it to see their change, then try again.',
        { type: staffProblemTypes.versionConflict },
      );
    case 'invalid':
      throw new HttpProblem(409, `An application that is ${result.status} cannot take this step.`, {
        type: staffProblemTypes.invalidTransition,
      });
    case 'closed':
      throw new HttpProblem(
        409,
        `This application is ${result.status}: it is closed, so it can no longer be assigned or given back.`,
        { type: staffProblemTypes.assignmentClosed },
      );
  }
}

/** The staff workspace's API (issue #9): queue, review, decisions, checklist, audit, statistics. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staff, documents } = app.repositories;

  const reviewable = async (request: FastifyRequest, applicationId: number) => {
    const user = currentUser(request);
    const application = await staff.find(applicationId);
    if (!application || !canReviewApplication(user, { ownerId: application.owner_id, county: application.county })) {
      throw notFound('The application');
    }
    return application;
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
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const user = currentUser(request);
      const scope = scopeOf(user);
      const { items, total } = await staff.queue(scope, request.query);
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
      const [documentRows, trail] = await Promise.all([documents.listFor(application.id), staff.trail(application.id)]);
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
        assignee: application.assignee_id
          ? { id: application.assignee_id, name: application.assignee_name ?? '' }
          : null,
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
        await staff.changeStatus({
          applicationId: request.params.id,
          action,
          version,
          reason,
          actor: actorOf(request),
        }),
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
        await staff.assign({
          applicationId: request.params.id,
          assigneeId: request.body.assignee === 'me' ? actor.id : null,
          version: request.body.version,
          actor,
        }),
      );
    },
  );

  const documentsClosed = () =>
    new HttpProblem(409, 'The application is decided: its documents can no longer change.', {
      type: staffProblemTypes.documentsClosed,
    });
  const assertOpenForDocuments = (status: string) => {
    if (!(statusesOpenForDocuments as readonly string[]).includes(status)) throw documentsClosed();
  };

  app.post(
    '/api/Staff/applications/:id/documents',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff'],
        summary: 'Ask the applicant for one more document (it joins the required list)',
        params: staffApplicationParamsSchema,
        body: requestDocumentSchema,
        response: { 201: staffDocumentSchema, ...changeProblems },
      },
    },
    async (request, reply) => {
      const application = await reviewable(request, request.params.id);
      assertOpenForDocuments(application.status);
      const row = await staff.requestDocument({
        applicationId: application.id,
        ...request.body,
        actor: actorOf(request),
      });
      if (row === 'closed') throw documentsClosed();
      return reply.code(201).send(toStaffDocument(row));
    },
  );

  app.post(
    '/api/Staff/applications/:id/documents/:documentId/waive',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff'],
        summary: 'Waive a required document, with the reason',
        params: staffDocumentParamsSchema,
        body: waiveDocumentSchema,
        response: { 200: staffDocumentSchema, ...changeProblems },
      },
    },
    async (request) => {
      const application = await reviewable(request, request.params.id);
      assertOpenForDocuments(application.status);
      const row = await staff.waiveDocument({
        applicationId: application.id,
        documentId: request.params.documentId,
        reason: request.body.reason,
        actor: actorOf(request),
      });
      if (row === 'closed') throw documentsClosed();
      if (!row) throw notFound('The document');
      return toStaffDocument(row);
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
      return staff.statistics(scopeOf(currentUser(request)));
    },
  );

  app.get(
    '/api/Staff/audit',
    {
      config: { access: 'administrator' },
      schema: {
        tags: ['staff'],
        summary: 'Search the whole audit trail (administrators), newest first',
        querystring: auditSearchQuerySchema,
        response: { 200: auditSearchResponseSchema, ...problems },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const { items, total } = await staff.searchAudit(request.query);
      return { items: items.map(toAuditEntry), total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );
};

import {
  isStatusIn,
  problemSchema,
  requestDocumentSchema,
  staffApplicationParamsSchema,
  staffDocumentParamsSchema,
  staffDocumentSchema,
  staffProblemTypes,
  statusesOpenForDocuments,
  waiveDocumentSchema,
} from '@ccap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpProblem, notFound } from '../../plugins/problem';
import { actorOf, reviewableApplication } from './review-access';
import { toStaffDocument } from './staff-views';

const changeProblems = {
  400: problemSchema,
  401: problemSchema,
  403: problemSchema,
  404: problemSchema,
  409: problemSchema,
};

const documentsClosed = () =>
  new HttpProblem(409, 'decidedDocumentsClosed', {
    type: staffProblemTypes.documentsClosed,
  });
const assertOpenForDocuments = (status: string) => {
  if (!isStatusIn(statusesOpenForDocuments, status)) throw documentsClosed();
};

/** The review's required-documents checklist: staff ask for one more document, or waive one. */
export const requiredDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { review, requiredDocuments } = app.repositories;

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
      const application = await reviewableApplication(review, request, request.params.id);
      assertOpenForDocuments(application.status);
      const row = await requiredDocuments.request({
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
      const application = await reviewableApplication(review, request, request.params.id);
      assertOpenForDocuments(application.status);
      const row = await requiredDocuments.waive({
        applicationId: application.id,
        documentId: request.params.documentId,
        reason: request.body.reason,
        actor: actorOf(request),
      });
      if (row === 'closed') throw documentsClosed();
      if (!row) throw notFound('notFoundDocument');
      return toStaffDocument(row);
    },
  );
};

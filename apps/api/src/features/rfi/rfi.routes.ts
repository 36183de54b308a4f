import {
  completeRfiRequestSchema,
  createRfiRequestSchema,
  createRfiResponseSchema,
  problemSchema,
  RFI_DEFAULT_DUE_DAYS,
  rfiApplicationParamsSchema,
  rfiChangeParamsSchema,
  rfiChangePermissionsSchema,
  rfiDocumentParamsSchema,
  rfiDownloadQuerySchema,
  rfiListSchema,
  rfiPermissionsSchema,
  rfiProblemTypes,
  rfiSchema,
  respondRfiRequestSchema,
  type RfiDocumentUpload,
} from '@ccap/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpProblem, notFound } from '../../plugins/problem';
import { canReadApplication } from '../application/application-access';
import type { StoredFile } from '../documents/documents.repository';
import { sendBase64, sendStoredFile } from '../documents/file-replies';
import { base64FileUpload, readProblems, uploadProblems, type UploadRoutesOptions } from '../documents/upload';
import { currentUser } from '../identity/access.plugin';
import type { PortalUser } from '../identity/users.repository';
import { programDay } from '../program/program-day';
import { keyOf, type RfiSubject, type RfiSubjectKey } from './rfi-application';

export type RfiRoutesOptions = UploadRoutesOptions;

const notPending = () =>
  new HttpProblem(409, 'rfiCompleted', {
    type: rfiProblemTypes.notPending,
  });
const changeClosed = () =>
  new HttpProblem(409, 'changeClosedForRfi', {
    type: rfiProblemTypes.applicationClosed,
  });
const applicationClosed = () =>
  new HttpProblem(409, 'applicationClosedForRfi', {
    type: rfiProblemTypes.applicationClosed,
  });

/**
 * Who may read an RFI's subject: the application's readers; a change's provider, and staff of
 * its record's county once it is sent (a draft is its provider's alone).
 */
const canReadSubject = (user: PortalUser, subject: RfiSubject) =>
  canReadApplication(user, subject) &&
  (subject.kind === 'application' || subject.ownerId === user.id || subject.status !== 'draft');

/** Staff who may work these RFIs: the county's service workers and administrators, never the owner. */
const isCountyStaff = (user: PortalUser, subject: RfiSubject) =>
  subject.ownerId !== user.id &&
  user.roles.some((role) => role === 'service-worker' || role === 'administrator') &&
  canReadSubject(user, subject);

/**
 * Requests for information (spec sections 2, 3, 7): the list, create (staff of the county),
 * the applicant's answer, completion (staff), and each file as base64 text or as bytes.
 * Whoever may not read the application is told it does not exist.
 */
export const rfiRoutes: FastifyPluginAsyncZod<RfiRoutesOptions> = async (app, options) => {
  const { rfiRequests, rfiAnswers, rfiFiles, audit } = app.repositories;
  const { blobs } = options;
  const base64 = base64FileUpload(options);

  const readableSubject = async (user: PortalUser, key: RfiSubjectKey) => {
    const subject = await rfiRequests.findSubject(key);
    if (!subject || !canReadSubject(user, subject)) {
      throw notFound('changeId' in key ? 'notFoundChange' : 'notFoundApplication');
    }
    return subject;
  };
  const readableRfi = async (user: PortalUser, rfiId: number) => {
    const found = await rfiRequests.find(rfiId);
    if (!found || !canReadSubject(user, found.subject)) throw notFound('notFoundRfi');
    return found;
  };
  /** What the caller may do on these RFIs now. */
  const permissionsOf = async (user: PortalUser, subject: RfiSubject) => {
    const staff = isCountyStaff(user, subject);
    const pending = await rfiRequests.pendingCount(keyOf(subject));
    return {
      applicationId: subject.applicationId,
      mode: staff ? ('service-worker' as const) : ('applicant' as const),
      canRequest: staff && rfiRequests.isOpenForRequests(subject),
      canComplete: staff && pending > 0,
      canReply: !staff && subject.ownerId === user.id && pending > 0,
    };
  };
  const rfiAsListed = async (subject: RfiSubject, rfiId: number) => {
    const found = (await rfiRequests.listFor(keyOf(subject))).find((entry) => entry.rfiId === rfiId);
    if (!found) throw notFound('notFoundRfi');
    return found;
  };

  /** Runs `write` with the checked, stored file when one was sent; its row is written by `write`. */
  const withFile = async <T>(
    log: FastifyBaseLogger,
    user: PortalUser,
    document: RfiDocumentUpload | null | undefined,
    keyPrefix: string,
    write: (file: StoredFile | undefined) => Promise<T | undefined>,
    notWritten: () => Error,
  ): Promise<T> => {
    if (!document) {
      const written = await write(undefined);
      if (written === undefined) throw notWritten();
      return written;
    }
    return base64.receive(
      log,
      {
        documentStream: document.documentStream,
        offeredName: document.documentName,
        keyPrefix,
        user,
        logContext: {},
      },
      write,
      notWritten,
    );
  };

  app.get(
    '/api/Rfi/:applicationId',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['rfi'],
        summary: "An application's requests for information, newest first, with their files",
        params: rfiApplicationParamsSchema,
        response: { 200: rfiListSchema, ...readProblems },
      },
    },
    async (request, reply) => {
      const application = await readableSubject(currentUser(request), {
        applicationId: request.params.applicationId,
      });
      void reply.header('cache-control', 'private, no-store');
      return rfiRequests.listFor(keyOf(application));
    },
  );

  app.get(
    '/api/Rfi/changes/:changeId',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['rfi'],
        summary: "A reported change's requests for information, newest first, with their files",
        params: rfiChangeParamsSchema,
        response: { 200: rfiListSchema, ...readProblems },
      },
    },
    async (request, reply) => {
      const change = await readableSubject(currentUser(request), { changeId: request.params.changeId });
      void reply.header('cache-control', 'private, no-store');
      return rfiRequests.listFor(keyOf(change));
    },
  );

  app.get(
    '/api/Rfi/changes/:changeId/permissions',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['rfi'],
        summary: "Which side of a reported change's RFIs the caller is on, and what they may do now",
        params: rfiChangeParamsSchema,
        response: { 200: rfiChangePermissionsSchema, ...readProblems },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const change = await readableSubject(user, { changeId: request.params.changeId });
      if (change.kind !== 'change') throw notFound('notFoundChange');
      return { ...(await permissionsOf(user, change)), changeId: change.changeId, changeStatus: change.status };
    },
  );

  app.get(
    '/api/Rfi/:applicationId/permissions',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['rfi'],
        summary: 'Which side of the RFI page the caller is on, and what they may do now',
        params: rfiApplicationParamsSchema,
        response: { 200: rfiPermissionsSchema, ...readProblems },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const application = await readableSubject(user, { applicationId: request.params.applicationId });
      if (application.kind !== 'application') throw notFound('notFoundApplication');
      return { ...(await permissionsOf(user, application)), applicationStatus: application.status };
    },
  );

  app.post(
    '/api/rfi/CreateRfi',
    {
      config: { access: 'staff' },
      bodyLimit: base64.bodyLimit,
      preParsing: base64.preParsing,
      schema: {
        tags: ['rfi'],
        summary:
          "Request information on an application or a reported change (staff of its county); answers the new RFI's id",
        body: createRfiRequestSchema,
        response: { 201: createRfiResponseSchema, ...uploadProblems },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { applicationId, changeId, serviceWorkerComment, document } = request.body;
      // The body's check lets exactly one of the two through.
      const key: RfiSubjectKey = changeId !== undefined ? { changeId } : { applicationId: applicationId! };
      const subject = await readableSubject(user, key);
      if (!isCountyStaff(user, subject)) {
        throw new HttpProblem(403, 'staffOfCountyRequestsRfi');
      }
      if (!rfiRequests.isOpenForRequests(subject))
        throw subject.kind === 'change' ? changeClosed() : applicationClosed();
      // A due date sent was checked with the body (isRfiDueDateAllowed, the web form's rule).
      const dueDate = request.body.dueDate ?? programDay(app.programProfile.timeZone, new Date(), RFI_DEFAULT_DUE_DAYS);
      const created = await withFile(
        request.log,
        user,
        document,
        `rfi/${subject.applicationId}`,
        (file) =>
          rfiRequests.create({
            subject: key,
            serviceWorkerComment,
            dueDate,
            file,
            actor: { id: user.id, label: user.email, requestId: request.id },
          }),
        subject.kind === 'change' ? changeClosed : applicationClosed,
      );
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/api/rfi/RespondRfi',
    {
      config: { access: 'authenticated' },
      bodyLimit: base64.bodyLimit,
      preParsing: base64.preParsing,
      schema: {
        tags: ['rfi'],
        summary: 'The applicant answers a pending RFI with a comment, a file, or both',
        body: respondRfiRequestSchema,
        response: { 200: rfiSchema, ...uploadProblems },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { rfiId, applicantComment, document } = request.body;
      const found = await readableRfi(user, rfiId);
      if (found.subject.ownerId !== user.id) {
        throw new HttpProblem(403, 'applicantOnlyAnswersRfi');
      }
      if (found.status !== 'pending') throw notPending();
      await withFile(
        request.log,
        user,
        document,
        `rfi/${found.subject.applicationId}`,
        async (file) => {
          const outcome = await rfiAnswers.respond({
            rfiId,
            applicantComment: applicantComment ?? undefined,
            file,
            actor: { id: user.id, label: user.email, requestId: request.id },
          });
          if (outcome === 'not-pending') throw notPending();
          return outcome === 'answered' ? outcome : undefined;
        },
        () => notFound('notFoundRfi'),
      );
      return rfiAsListed(found.subject, rfiId);
    },
  );

  app.post(
    '/api/rfi/CompleteRfi',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['rfi'],
        summary: 'Staff of the county mark a pending RFI completed',
        body: completeRfiRequestSchema,
        response: { 200: rfiSchema, ...readProblems, 403: problemSchema, 409: problemSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const found = await readableRfi(user, request.body.rfiId);
      if (!isCountyStaff(user, found.subject)) {
        throw new HttpProblem(403, 'staffOfCountyCompletesRfi');
      }
      const outcome = await rfiRequests.complete({
        rfiId: found.rfiId,
        actor: { id: user.id, label: user.email, requestId: request.id },
      });
      if (outcome === 'not-found') throw notFound('notFoundRfi');
      if (outcome === 'not-pending') throw notPending();
      return rfiAsListed(found.subject, found.rfiId);
    },
  );

  /** An RFI file the caller may read; a read by anyone but the applicant is audited (ADR 084). */
  const fileOf = async (user: PortalUser, requestId: string, rfiDocumentId: number) => {
    const found = await rfiFiles.find(rfiDocumentId);
    if (!found || !canReadSubject(user, found.subject)) throw notFound('notFoundFile');
    await audit.recordRead({
      reader: user,
      requestId,
      action: 'rfi.file.read',
      application: found.subject,
      item: { rfiDocumentId, name: found.document.display_name },
    });
    return found.document;
  };

  app.post(
    '/api/rfi/download-document',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['rfi'],
        summary: "An RFI file as base64 text (as the spec's download); the GET file call streams the bytes",
        querystring: rfiDownloadQuerySchema,
        body: z.unknown().optional(),
        response: { 200: z.string().describe('The file, base64-encoded, as text/plain'), ...readProblems },
      },
    },
    async (request, reply) => {
      const document = await fileOf(currentUser(request), request.id, request.query.rfiDocumentId);
      return sendBase64(reply, await blobs.read(document.blob_key));
    },
  );

  app.get(
    '/api/Rfi/documents/:rfiDocumentId/file',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['rfi'],
        summary: 'An RFI file, streamed with its content type, as an attachment under its name',
        params: rfiDocumentParamsSchema,
        response: { 200: z.unknown().describe('The file, with its own content type'), ...readProblems },
      },
    },
    async (request, reply) => {
      const document = await fileOf(currentUser(request), request.id, request.params.rfiDocumentId);
      // An RFI's files are never replaced.
      return sendStoredFile(reply, document, await blobs.read(document.blob_key));
    },
  );
};

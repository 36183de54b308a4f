import {
  type DraftApplication,
  deleteDraftQuerySchema,
  documentsToRenew,
  draftConflictProblemType,
  draftListSchema,
  lookupResponseSchema,
  messages,
  parseApplication,
  type ProviderType,
  problemSchema,
  providerTypeCodeIssues,
  requiredDocumentsFor,
  saveDraftRequestSchema,
  saveDraftResponseSchema,
  submissionIssues,
  submitApplicationRequestSchema,
  submitApplicationResponseSchema,
} from '@ccap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpProblem, notFound } from '../../plugins/problem';
import { findInexactNumber, findUnstorable, MAX_JSON_DEPTH } from '../../plugins/input-guard';
import { currentUser } from '../identity/access.plugin';

const problems = { 400: problemSchema, 401: problemSchema, 404: problemSchema, 409: problemSchema };

/** Reads `applicationJson`: JSON text of the draft shape, or a 400 that says what is wrong. */
export function parseApplicationJson(text: string): DraftApplication {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new HttpProblem(400, 'applicationJsonNotJson', {
      errors: [{ path: 'applicationJson', message: 'is not valid JSON' }],
    });
  }
  const inexact = findInexactNumber(text);
  if (inexact) {
    const message = `holds the number ${inexact.slice(0, 40)}, which cannot be stored exactly`;
    throw new HttpProblem(400, 'applicationJsonInexactNumber', {
      values: { number: inexact.slice(0, 40) },
      type: 'urn:ccap:problem:validation',
      errors: [{ path: 'applicationJson', message }],
    });
  }
  const unstorable = findUnstorable(json);
  if (unstorable) {
    const path = ['applicationJson', unstorable.path].filter(Boolean).join('.');
    throw new HttpProblem(400, 'unstorableValue', {
      values: {
        part: (labels) => labels.t('problemDetails.partBody'),
        path,
        reason: (labels) => labels.t(`problemDetails.${unstorable.detail}`, { depth: MAX_JSON_DEPTH }),
      },
      type: 'urn:ccap:problem:validation',
      errors: [{ path, message: unstorable.message }],
    });
  }
  const parsed = parseApplication(json);
  if (!parsed.success) {
    throw new HttpProblem(400, 'applicationJsonShape', {
      type: 'urn:ccap:problem:validation',
      errors: parsed.issues.map((issue) => ({
        path: ['applicationJson', issue.path].filter(Boolean).join('.'),
        message: issue.message,
      })),
    });
  }
  return parsed.data;
}

/** Spec section 7's Application and Lookup calls, with the owner always taken from the token. */
export const applicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { drafts, applications, lookups, renewals, providerRecords } = app.repositories;

  app.get(
    '/api/Lookup/get-lookups',
    {
      config: { access: 'public' },
      schema: {
        tags: ['application'],
        summary: 'Lookup lists (relationships, provider types, counties…)',
        response: { 200: lookupResponseSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return { data: await lookups.list() };
    },
  );

  app.post(
    '/api/Application/get-my-draft-applications',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['application'],
        summary: "The signed-in user's drafts; the highest id is the latest",
        body: z.unknown().optional(),
        response: { 200: draftListSchema, ...problems },
      },
    },
    async (request) => drafts.listFor(currentUser(request).id),
  );

  app.delete(
    '/api/Application/get-my-draft-applications',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['application'],
        summary: 'Delete one of your drafts',
        querystring: deleteDraftQuerySchema,
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      if (!(await drafts.remove(currentUser(request).id, request.query.query))) throw notFound('notFoundDraft');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/Application/save-my-draft-applications',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['application'],
        summary: 'Save a whole draft (partial data); a version check keeps two tabs from overwriting each other',
        body: saveDraftRequestSchema,
        response: { 200: saveDraftResponseSchema, ...problems },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id, version, applicationJson } = request.body;
      const draft = parseApplicationJson(applicationJson);
      if (!id) {
        const created = await drafts.create(user.id, draft.providerType, applicationJson);
        return { id: created.id, applicationJson: created.applicationJson, version: created.version };
      }
      if (version === undefined) {
        throw new HttpProblem(400, 'draftVersionRequired', {
          errors: [{ path: 'version', message: 'is required when id is given' }],
        });
      }
      const result = await drafts.update(user.id, id, version, draft.providerType, applicationJson);
      if (result.outcome === 'not-found') throw notFound('notFoundDraft');
      if (result.outcome === 'conflict') {
        throw new HttpProblem(409, 'draftConflict', {
          type: draftConflictProblemType,
        });
      }
      return { id: result.draft.id, applicationJson: result.draft.applicationJson, version: result.draft.version };
    },
  );

  const submitRoute = (url: string, providerType: ProviderType, summary: string) =>
    app.post(
      url,
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['application'],
          summary,
          body: submitApplicationRequestSchema,
          response: { 200: submitApplicationResponseSchema, 201: submitApplicationResponseSchema, ...problems },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const application = parseApplicationJson(request.body.applicationJson);
        if (application.providerType !== providerType) {
          throw new HttpProblem(400, 'wrongSubmitCall', {
            values: { expected: providerType, actual: application.providerType },
            errors: [{ path: 'applicationJson.providerType', message: `must be ${providerType}` }],
          });
        }
        // The county decides which service workers see the application (ADR 025): it must be
        // one of the program's, as the wizard's list offers them, or no queue would ever show it.
        const county = application.address?.county;
        const countyIssues =
          county !== undefined && county.trim() !== '' && !app.programProfile.counties.includes(county)
            ? [{ path: 'address.county', message: messages.county }]
            : [];
        const issues = [...submissionIssues(application), ...providerTypeCodeIssues(application), ...countyIssues];
        if (issues.length > 0) {
          throw new HttpProblem(400, 'applicationIncomplete', {
            type: 'urn:ccap:problem:validation',
            errors: issues.map((issue) => ({ path: issue.path, message: issue.message })),
          });
        }
        // A renewal's draft (ADR 117) asks only for the documents expired or changed since the
        // record's current version; the others on file are carried over.
        const renewing = await renewals.recordOfDraft(user.id, request.body.draftApplicationId);
        const requiredDocuments = renewing
          ? documentsToRenew({
              rules: app.programProfile.requiredDocuments,
              before: (await providerRecords.current(renewing.id)).answers,
              after: application,
              onFile: await renewals.documentsOnFile(renewing),
              today: providerRecords.today(),
              credentials: app.programProfile.credentials,
            }).map(({ reason: _reason, ...document }) => document)
          : requiredDocumentsFor(app.programProfile.requiredDocuments, application);
        const result = await applications.submit({
          ownerId: user.id,
          actorLabel: user.email,
          draftId: request.body.draftApplicationId,
          version: request.body.version,
          application: { ...application, draftApplicationId: request.body.draftApplicationId },
          renewal: renewing ? { recordId: renewing.id, sentOn: providerRecords.today() } : undefined,
          requiredDocuments,
          documentRules: app.programProfile.requiredDocuments,
          requestId: request.id,
        });
        if (result.outcome === 'no-draft') throw notFound('notFoundDraft');
        if (result.outcome === 'conflict') {
          throw new HttpProblem(409, 'draftConflictOnSubmit', { type: draftConflictProblemType });
        }
        return reply.code(result.outcome === 'submitted' ? 201 : 200).send(result.application);
      },
    );

  submitRoute('/api/Application', 'registeredprovider', 'Submit a registered provider application');
  submitRoute(
    '/api/Application/save-unregistered-provider',
    'unregisteredprovider',
    'Submit an unregistered provider application',
  );
};

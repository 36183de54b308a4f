import {
  changeDecisionSchema,
  changeDraftSchema,
  changeProblemTypes,
  changeStepSchema,
  changeUpdateSchema,
  maskProtectedFields,
  problemSchema,
  providerChangeListSchema,
  providerChangeParamsSchema,
  providerChangeSchema,
  type ChangeDraft,
  type ProviderChange,
  providerRecordParamsSchema,
} from '@ccap/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpProblem, notFound } from '../../plugins/problem';
import { createFormats } from '../application/pdf/formats';
import { canReadApplication } from '../application/application-access';
import { currentUser } from '../identity/access.plugin';
import { actorOf } from '../staff/review-access';
import {
  changeIssues,
  changesNothing,
  documentsNeededFor,
  earliestEffectiveDate,
  keepProtectedAnswers,
  partsOf,
  withChange,
} from './change-rules';
import type { ChangeOutcome, StoredChange } from './provider-changes.repository';

const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };

/**
 * Reported changes (issue #41, ADR 101): the provider drafts, sends and withdraws them on their
 * record; staff of the record's county approve or deny them. Anyone else is told they do not exist.
 */
export const providerChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { providerRecords, providerChanges } = app.repositories;
  const { providerChanges: settings, requiredDocuments } = app.programProfile;

  const viewOf = async (change: StoredChange): Promise<ProviderChange> => {
    const [current, basedOn] = await Promise.all([
      providerRecords.current(change.recordId),
      providerRecords.version(change.recordId, change.basedOnVersion),
    ]);
    const before = basedOn ?? current;
    const merged = withChange(before.answers, change.parts, change.answers);
    const settled = change.status === 'applied' || change.status === 'denied' || change.status === 'withdrawn';
    const conflict = !settled && current.version !== change.basedOnVersion;
    const mask = <T>(value: T) => maskProtectedFields(value);
    return {
      changeId: change.id,
      applicationId: change.applicationId,
      providerName:
        current.answers.providerInfo?.businessName ||
        [current.answers.providerInfo?.firstName, current.answers.providerInfo?.lastName].filter(Boolean).join(' '),
      county: change.county,
      status: change.status,
      parts: change.parts,
      effectiveDate: change.effectiveDate,
      note: change.note,
      version: change.version,
      basedOnVersion: change.basedOnVersion,
      currentRecordVersion: current.version,
      conflict,
      before: mask(partsOf(before.answers, change.parts)),
      current: conflict ? mask(partsOf(current.answers, change.parts)) : null,
      after: mask(partsOf(change.answers, change.parts)),
      documentsNeeded: documentsNeededFor(requiredDocuments, before.answers, merged),
      createdAt: change.createdAt.toISOString(),
      submittedAt: change.submittedAt?.toISOString() ?? null,
      decidedAt: change.decidedAt?.toISOString() ?? null,
      decisionReason: change.decisionReason,
      appliedVersion: change.appliedVersion,
      appliedWithoutReview: change.status === 'applied' && change.decidedBy === null,
    };
  };

  const answerOf = async (result: ChangeOutcome<StoredChange>) => {
    switch (result.outcome) {
      case 'done':
        return viewOf(result.value);
      case 'not-found':
        throw notFound('notFoundChange');
      case 'version-conflict':
        throw new HttpProblem(409, 'changeVersionConflict', {
          type: changeProblemTypes.versionConflict,
        });
      case 'invalid':
        throw new HttpProblem(409, 'changeInvalidTransition', {
          values: { status: (labels) => labels.t(`providerRecord.changeStatus.${result.status}`) },
          type: changeProblemTypes.versionConflict,
        });
      case 'record-changed':
        throw new HttpProblem(409, 'changeRecordChanged', {
          values: { version: String(result.currentVersion) },
          type: changeProblemTypes.conflict,
        });
    }
  };

  /** A day before the profile's limit is refused, with the earliest day allowed. */
  const checkEffectiveDate = (draft: Pick<ChangeDraft, 'effectiveDate'>) => {
    const earliest = earliestEffectiveDate(providerRecords.today(), settings.pastLimitDays);
    if (draft.effectiveDate < earliest) {
      throw new HttpProblem(400, 'changeEffectiveDateTooEarly', {
        values: { date: (labels) => createFormats(labels.lang).date(earliest) },
        type: changeProblemTypes.effectiveDate,
        errors: [{ path: 'effectiveDate', message: 'validation.change.effectiveDateTooEarly' }],
      });
    }
  };

  /** The caller's own record, active, or 404. */
  const ownRecord = async (request: FastifyRequest, applicationId: number) => {
    const record = await providerRecords.find(applicationId);
    if (!record || record.ownerId !== currentUser(request).id) throw notFound('notFoundProviderRecord');
    return record;
  };

  /** The caller's own change, or 404 (staff included: they decide, they do not edit). */
  const ownChange = async (request: FastifyRequest, changeId: number) => {
    const change = await providerChanges.find(changeId);
    if (!change || change.ownerId !== currentUser(request).id) throw notFound('notFoundChange');
    return change;
  };

  /** A change its reader may see: its provider, or staff of the record's county (never a draft). */
  const readableChange = async (request: FastifyRequest, changeId: number) => {
    const user = currentUser(request);
    const change = await providerChanges.find(changeId);
    if (!change) throw notFound('notFoundChange');
    const own = change.ownerId === user.id;
    if (
      !own &&
      (change.status === 'draft' || !canReadApplication(user, { ownerId: change.ownerId, county: change.county }))
    )
      throw notFound('notFoundChange');
    return change;
  };

  app.get(
    '/api/ProviderRecord/:applicationId/changes',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['provider-record'],
        summary: 'The changes reported on a record, newest first (staff see sent ones only)',
        params: providerRecordParamsSchema,
        response: { 200: providerChangeListSchema, ...problems },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const user = currentUser(request);
      const record = await providerRecords.find(request.params.applicationId);
      if (!record || !canReadApplication(user, { ownerId: record.ownerId, county: record.county }))
        throw notFound('notFoundProviderRecord');
      const own = record.ownerId === user.id;
      const changes = (await providerChanges.listForRecord(record.id)).filter(
        (change) => own || change.status !== 'draft',
      );
      return { items: await Promise.all(changes.map(viewOf)) };
    },
  );

  app.post(
    '/api/ProviderRecord/:applicationId/changes',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['provider-record'],
        summary: 'Starts a change on your record, saved as a draft',
        params: providerRecordParamsSchema,
        body: changeDraftSchema,
        response: { 201: providerChangeSchema, ...problems },
      },
    },
    async (request, reply) => {
      const record = await ownRecord(request, request.params.applicationId);
      if (record.status !== 'active') throw new HttpProblem(409, 'recordEnded');
      checkEffectiveDate(request.body);
      const user = currentUser(request);
      const change = await providerChanges.create({
        recordId: record.id,
        ownerId: user.id,
        parts: [...new Set(request.body.parts)],
        answers: keepProtectedAnswers(
          (await providerRecords.current(record.id)).answers,
          partsOf(request.body.answers, request.body.parts),
        ),
        effectiveDate: request.body.effectiveDate,
        note: request.body.note || null,
        actor: { id: user.id, label: user.email, requestId: request.id },
      });
      return reply.code(201).send(await viewOf(change));
    },
  );

  app.get(
    '/api/ProviderRecord/changes/:changeId',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['provider-record'],
        summary: 'One reported change: what it changes, from what, to what',
        params: providerChangeParamsSchema,
        response: { 200: providerChangeSchema, ...problems },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return viewOf(await readableChange(request, request.params.changeId));
    },
  );

  app.put(
    '/api/ProviderRecord/changes/:changeId',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['provider-record'],
        summary: 'Saves your draft change again',
        params: providerChangeParamsSchema,
        body: changeUpdateSchema,
        response: { 200: providerChangeSchema, ...problems },
      },
    },
    async (request) => {
      const change = await ownChange(request, request.params.changeId);
      checkEffectiveDate(request.body);
      const user = currentUser(request);
      const current = await providerRecords.current(change.recordId);
      return answerOf(
        await providerChanges.update({
          changeId: request.params.changeId,
          version: request.body.version,
          parts: [...new Set(request.body.parts)],
          answers: keepProtectedAnswers(current.answers, partsOf(request.body.answers, request.body.parts)),
          effectiveDate: request.body.effectiveDate,
          note: request.body.note || null,
          actor: { id: user.id, label: user.email, requestId: request.id },
        }),
      );
    },
  );

  app.post(
    '/api/ProviderRecord/changes/:changeId/submit',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['provider-record'],
        summary: 'Sends your draft change to the agency (or applies it, where the program allows)',
        params: providerChangeParamsSchema,
        body: changeStepSchema,
        response: { 200: providerChangeSchema, ...problems },
      },
    },
    async (request) => {
      const change = await ownChange(request, request.params.changeId);
      // One already sent is refused as such, before its answers are checked again.
      if (change.status !== 'draft') return answerOf({ outcome: 'invalid', status: change.status });
      checkEffectiveDate(change);
      const current = await providerRecords.current(change.recordId);
      const merged = withChange(current.answers, change.parts, change.answers);
      const issues = changeIssues(merged, change.parts);
      if (issues.length > 0) {
        throw new HttpProblem(400, 'changeIncomplete', {
          type: changeProblemTypes.invalidStep,
          errors: issues.map((issue) => ({ path: issue.path, message: issue.message })),
        });
      }
      if (changesNothing(current.answers, merged, change.parts)) {
        throw new HttpProblem(400, 'changeChangesNothing', {
          type: changeProblemTypes.nothingChanged,
        });
      }
      const user = currentUser(request);
      return answerOf(
        await providerChanges.submit({
          changeId: change.id,
          version: request.body.version,
          actor: { id: user.id, label: user.email, requestId: request.id },
          applyAtOnce: change.parts.every((part) => (settings.applyAtOnce as readonly string[]).includes(part)),
          today: providerRecords.today(),
        }),
      );
    },
  );

  app.post(
    '/api/ProviderRecord/changes/:changeId/withdraw',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['provider-record'],
        summary: 'Withdraws your change before a decision',
        params: providerChangeParamsSchema,
        body: changeStepSchema,
        response: { 200: providerChangeSchema, ...problems },
      },
    },
    async (request) => {
      await ownChange(request, request.params.changeId);
      const user = currentUser(request);
      return answerOf(
        await providerChanges.withdraw({
          changeId: request.params.changeId,
          version: request.body.version,
          actor: { id: user.id, label: user.email, requestId: request.id },
        }),
      );
    },
  );

  app.post(
    '/api/Staff/changes/:changeId/decision',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff'],
        summary: 'Approves or denies (with a reason) a reported change, on the version you saw',
        params: providerChangeParamsSchema,
        body: changeDecisionSchema,
        response: { 200: providerChangeSchema, ...problems },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const change = await providerChanges.find(request.params.changeId);
      // Nobody decides on their own change.
      if (
        !change ||
        change.ownerId === user.id ||
        change.status === 'draft' ||
        !canReadApplication(user, { ownerId: change.ownerId, county: change.county })
      )
        throw notFound('notFoundChange');
      return answerOf(
        await providerChanges.decide({
          changeId: change.id,
          version: request.body.version,
          action: request.body.action,
          reason: request.body.reason || null,
          overVersion: request.body.overVersion,
          actor: actorOf(request),
          today: providerRecords.today(),
        }),
      );
    },
  );
};

import {
  approvalTermSchema,
  licenseNumberOf,
  localize,
  myApprovalTermSchema,
  myProviderRecordSchema,
  problemSchema,
  providerRecordParamsSchema,
  providerRecordQuerySchema,
  providerRecordViewSchema,
  type ProviderRecordView,
  type RecordAuthor,
} from '@ccap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localeOfAcceptLanguage } from '../../lib/request-locale';
import { notFound } from '../../plugins/problem';
import { canReadApplication } from '../application/application-access';
import { toRequiredDocument } from '../documents/documents.repository';
import { toChangeDocumentFile } from './change-documents.repository';
import { currentUser } from '../identity/access.plugin';
import { approvalTermOn } from './approval-term';
import type { ProviderRecordRow } from './provider-records.repository';

const problems = { 400: problemSchema, 401: problemSchema, 404: problemSchema };

/**
 * The provider's record after approval (issue #41, ADR 100). The owner reads theirs; staff read
 * the records of their counties (every county for an administrator), as they read applications;
 * anyone else is told it does not exist.
 */
export const providerRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { providerRecords, documents, changeDocuments, audit } = app.repositories;
  const { readLog, contactUnits, agencyName } = app.programProfile;
  const unit = contactUnits.find((candidate) => candidate.id === readLog.unitId) ?? contactUnits[0];

  const viewOf = async (
    record: ProviderRecordRow,
    on: string | undefined,
    acceptLanguage: string | undefined,
  ): Promise<ProviderRecordView> => {
    const day = on ?? providerRecords.today();
    const [inForce, history, documentRows, changeFiles] = await Promise.all([
      providerRecords.inForceOn(record.id, day),
      providerRecords.history(record.id),
      documents.listFor(record.applicationId),
      changeDocuments.listAppliedFor(record.applicationId),
    ]);
    // Staff are named as the program profile's read log names them: their unit, or themselves.
    const unitName = localize(unit?.name ?? agencyName, localeOfAcceptLanguage(acceptLanguage));
    const authorOf = (changedById: string | null, label: string | null): RecordAuthor => {
      if (changedById === null) return { kind: 'program', name: null };
      if (changedById === record.ownerId) return { kind: 'provider', name: null };
      return { kind: 'agency', name: readLog.showReader === 'person' ? (label ?? unitName) : unitName };
    };
    return {
      applicationId: record.applicationId,
      licenseNumber: licenseNumberOf(record.applicationId),
      status: record.status,
      // The term is read on the program's day, whichever day's version is shown.
      approval: approvalTermOn(record.endsOn, providerRecords.today(), record.renewalSentOn),
      county: record.county,
      on: day,
      inForce: inForce
        ? {
            version: inForce.version,
            validFrom: inForce.validFrom,
            validTo: inForce.validTo,
            answers: providerRecords.masked(inForce.answers),
          }
        : null,
      currentVersion: history.at(-1)!.version,
      history: history.map((version) => ({
        version: version.version,
        validFrom: version.validFrom,
        validTo: version.validTo,
        changedAt: version.createdAt.toISOString(),
        changedBy: authorOf(version.changedById, version.changedByLabel),
        reason: version.reason,
        changed: version.changed,
      })),
      documents: documentRows.map((row) => toRequiredDocument(row)),
      changeDocuments: changeFiles.map(toChangeDocumentFile),
    };
  };

  app.get(
    '/api/ProviderRecord',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['provider-record'],
        summary: "The caller's provider record (their approved application's), or null when they have none",
        querystring: providerRecordQuerySchema,
        response: { 200: myProviderRecordSchema, ...problems },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const record = await providerRecords.latestOf(currentUser(request).id);
      return {
        record: record ? await viewOf(record, request.query.on, request.headers['accept-language']) : null,
      };
    },
  );

  app.get(
    '/api/ProviderRecord/approval',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['provider-record'],
        summary: "The caller's approval term (last day, days left, lapsed), or null without an approved record",
        response: { 200: myApprovalTermSchema, ...problems },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const record = await providerRecords.latestOf(currentUser(request).id);
      return { approval: record ? approvalTermOn(record.endsOn, providerRecords.today(), record.renewalSentOn) : null };
    },
  );

  app.get(
    '/api/ProviderRecord/:applicationId',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['provider-record'],
        summary: 'A provider record as it was on a day (`on`, today when absent), with its history and documents',
        params: providerRecordParamsSchema,
        querystring: providerRecordQuerySchema,
        response: { 200: providerRecordViewSchema, ...problems },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const user = currentUser(request);
      const record = await providerRecords.find(request.params.applicationId);
      if (!record || !canReadApplication(user, { ownerId: record.ownerId, county: record.county })) {
        throw notFound('notFoundProviderRecord');
      }
      // A read by staff is a read of the provider's file (ADR 084); the owner's is not logged.
      await audit.recordRead({
        reader: user,
        requestId: request.id,
        action: 'application.read',
        application: { applicationId: record.applicationId, ownerId: record.ownerId },
      });
      return viewOf(record, request.query.on, request.headers['accept-language']);
    },
  );

  app.get(
    '/api/ProviderRecord/:applicationId/approval',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['provider-record'],
        summary: "A record's approval term (last day, days left, lapsed), for the staff pages that show it",
        params: providerRecordParamsSchema,
        response: { 200: approvalTermSchema, ...problems },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const record = await providerRecords.find(request.params.applicationId);
      if (!record || !canReadApplication(currentUser(request), { ownerId: record.ownerId, county: record.county })) {
        throw notFound('notFoundProviderRecord');
      }
      // Only the dates, none of the provider's answers: not a read of their file (ADR 084).
      return approvalTermOn(record.endsOn, providerRecords.today(), record.renewalSentOn);
    },
  );
};

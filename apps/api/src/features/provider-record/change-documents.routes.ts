import {
  changeDocumentFileParamsSchema,
  changeDocumentsSchema,
  changeDocumentUploadSchema,
  type ChangeDocuments,
  problemSchema,
  providerChangeParamsSchema,
} from '@ccap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpProblem, notFound } from '../../plugins/problem';
import { canReadApplication } from '../application/application-access';
import { sendStoredFile } from '../documents/file-replies';
import { base64FileUpload, readProblems, uploadProblems, type UploadRoutesOptions } from '../documents/upload';
import { currentUser } from '../identity/access.plugin';
import type { PortalUser } from '../identity/users.repository';
import { documentsNeededFor, withChange } from './change-rules';
import { changeOpenForDocuments, toChangeDocumentFile } from './change-documents.repository';
import type { StoredChange } from './provider-changes.repository';

export type ChangeDocumentsRoutesOptions = UploadRoutesOptions;

const changeClosed = () => new HttpProblem(409, 'changeClosedForDocuments');

/**
 * The documents of a reported change (ADR 101): the provider uploads the files the change needs
 * through the application documents' checks (type, size, virus scan, names, blob store), lists,
 * downloads and deletes them until the change is decided; staff of the record's county read them.
 * Anyone else is told the change does not exist.
 */
export const changeDocumentsRoutes: FastifyPluginAsyncZod<ChangeDocumentsRoutesOptions> = async (app, options) => {
  const { providerRecords, providerChanges, changeDocuments, audit } = app.repositories;
  const { requiredDocuments } = app.programProfile;
  const { blobs } = options;
  const base64 = base64FileUpload(options);

  /** A change its reader may see: its provider, or staff of the record's county (never a draft). */
  const readableChange = async (user: PortalUser, changeId: number) => {
    const change = await providerChanges.find(changeId);
    if (
      !change ||
      (change.ownerId !== user.id &&
        (change.status === 'draft' || !canReadApplication(user, { ownerId: change.ownerId, county: change.county })))
    ) {
      throw notFound('notFoundChange');
    }
    return change;
  };

  /** The documents the change needs, as its page shows them (against the version it was written on). */
  const neededFor = async (change: StoredChange) => {
    const [current, basedOn] = await Promise.all([
      providerRecords.current(change.recordId),
      providerRecords.version(change.recordId, change.basedOnVersion),
    ]);
    const before = (basedOn ?? current).answers;
    return documentsNeededFor(requiredDocuments, before, withChange(before, change.parts, change.answers));
  };

  const documentsOf = async (user: PortalUser, change: StoredChange): Promise<ChangeDocuments> => {
    const [needed, rows] = await Promise.all([neededFor(change), changeDocuments.listFor(change.id)]);
    const documents = needed.map((spec) => {
      const files = rows
        .filter((row) => row.code === spec.code && row.document_name === spec.documentName)
        .map(toChangeDocumentFile);
      return {
        code: spec.code,
        documentName: spec.documentName,
        description: spec.description,
        files,
        missing: files.length === 0,
      };
    });
    return {
      changeId: change.id,
      documents,
      missingCount: documents.filter((document) => document.missing).length,
      canUpload: change.ownerId === user.id && changeOpenForDocuments(change.status),
    };
  };

  app.get(
    '/api/ProviderRecord/changes/:changeId/documents',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['provider-record'],
        summary: 'The documents a reported change needs, with the files uploaded for each',
        params: providerChangeParamsSchema,
        response: { 200: changeDocumentsSchema, ...readProblems },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const user = currentUser(request);
      return documentsOf(user, await readableChange(user, request.params.changeId));
    },
  );

  app.post(
    '/api/ProviderRecord/changes/:changeId/documents',
    {
      config: { access: 'authenticated' },
      bodyLimit: base64.bodyLimit,
      preParsing: base64.preParsing,
      schema: {
        tags: ['provider-record'],
        summary: 'Uploads a file (base64) for one document your change needs, before it is decided',
        params: providerChangeParamsSchema,
        body: changeDocumentUploadSchema,
        response: { 201: changeDocumentsSchema, ...uploadProblems },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const change = await readableChange(user, request.params.changeId);
      if (change.ownerId !== user.id) throw new HttpProblem(403, 'providerOnlyUploadsToChange');
      if (!changeOpenForDocuments(change.status)) throw changeClosed();
      const { code, documentName, fileName, documentStream } = request.body;
      const needed = await neededFor(change);
      if (!needed.some((spec) => spec.code === code && spec.documentName === documentName)) {
        throw new HttpProblem(400, 'changeDocumentNotNeeded', {
          errors: [{ path: 'documentName', message: 'validation.change.documentNotNeeded' }],
        });
      }
      await base64.receive(
        request.log,
        {
          documentStream,
          offeredName: fileName,
          keyPrefix: `changes/${change.id}`,
          user,
          logContext: { changeId: change.id },
        },
        async (file) => {
          const added = await changeDocuments.add({
            changeId: change.id,
            code,
            documentName,
            file,
            actor: { id: user.id, label: user.email, requestId: request.id },
          });
          // Decided while the file was on its way: the stored file is removed, nothing recorded.
          if (added === 'closed') throw changeClosed();
          return added;
        },
        () => notFound('notFoundChange'),
      );
      const now = await readableChange(user, change.id);
      return reply.code(201).send(await documentsOf(user, now));
    },
  );

  /** A change's file with its change, readable by the caller, or 404. */
  const readableFile = async (user: PortalUser, documentId: number) => {
    const document = await changeDocuments.find(documentId);
    if (!document) throw notFound('notFoundFile');
    const change = await readableChange(user, document.change_id).catch(() => {
      throw notFound('notFoundFile');
    });
    return { document, change };
  };

  app.get(
    '/api/ProviderRecord/changes/documents/:documentId/file',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['provider-record'],
        summary: "A reported change's file, streamed with its content type, as an attachment",
        params: changeDocumentFileParamsSchema,
        response: { 200: z.unknown().describe('The file, with its own content type'), ...readProblems },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { document, change } = await readableFile(user, request.params.documentId);
      const source = await blobs.read(document.blob_key);
      try {
        // A read by anyone but the provider is audited (ADR 084).
        await audit.recordRead({
          reader: user,
          requestId: request.id,
          action: 'document.read',
          application: { applicationId: change.applicationId, ownerId: change.ownerId },
          item: { documentId: document.id, name: document.document_name },
        });
      } catch (error) {
        source.destroy();
        throw error;
      }
      // A change's files are never replaced.
      return sendStoredFile(reply, document, source);
    },
  );

  app.delete(
    '/api/ProviderRecord/changes/documents/:documentId',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['provider-record'],
        summary: 'Deletes a file of your change, before it is decided',
        params: changeDocumentFileParamsSchema,
        response: { 200: changeDocumentsSchema, ...readProblems, 403: problemSchema, 409: problemSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { change } = await readableFile(user, request.params.documentId);
      if (change.ownerId !== user.id) throw new HttpProblem(403, 'providerOnlyUploadsToChange');
      const removed = await changeDocuments.remove({
        documentId: request.params.documentId,
        actor: { id: user.id, label: user.email, requestId: request.id },
      });
      if (removed === undefined) throw notFound('notFoundFile');
      if (removed === 'closed') throw changeClosed();
      // The sweep at start-up removes it later if this fails.
      await blobs
        .delete(removed.blobKey)
        .catch((err: unknown) => request.log.warn({ err, blobKey: removed.blobKey }, 'deleted file not removed'));
      return documentsOf(user, await readableChange(user, change.id));
    },
  );
};

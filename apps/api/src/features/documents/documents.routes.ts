import multipart from '@fastify/multipart';
import {
  applicationDocumentsParamsSchema,
  documentFileParamsSchema,
  downloadDocumentQuerySchema,
  isStatusIn,
  requiredDocumentListSchema,
  statusesOpenForDocuments,
  uploadDocumentRequestSchema,
  uploadDocumentResponseSchema,
  credentialOfDocument,
  type CredentialState,
  credentialStates,
  type RequiredDocument,
} from '@ccap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpProblem, notFound } from '../../plugins/problem';
import { canReadApplication } from '../application/application-access';
import { currentUser } from '../identity/access.plugin';
import type { PortalUser } from '../identity/users.repository';
import { type ApplicationOfDocument, toRequiredDocument } from './documents.repository';
import { openCurrentFile, sendAttachment, sendBase64 } from './file-replies';
import { base64Upload, readProblems, storeDocumentFile, uploadProblems, type UploadRoutesOptions } from './upload';
import { applicationClosed, malformedUpload } from './upload-problems';

/** A document with the credential it proves, where it proves one (its expiry beside it). */
const withCredential = (document: RequiredDocument, states: readonly CredentialState[]): RequiredDocument => {
  const credential = credentialOfDocument(states, document);
  return credential
    ? {
        ...document,
        credential: { status: credential.status, ...(credential.expiresOn ? { expiresOn: credential.expiresOn } : {}) },
      }
    : document;
};

export type DocumentsRoutesOptions = UploadRoutesOptions;

/** Spec section 7's document calls: the list, both uploads and both downloads. */
export const documentsRoutes: FastifyPluginAsyncZod<DocumentsRoutesOptions> = async (app, options) => {
  const { documents, audit } = app.repositories;
  const { blobs, scanner, maxUploadBytes, storageHealth } = options;
  const uploads = { blobs, scanner, documents, maxUploadBytes, storageHealth };
  if (!scanner) app.log.warn('virus scanning is off: set CLAMD_URL to have every upload scanned by ClamAV');

  // Multipart parsing only here: the one route that takes a file as a stream.
  await app.register(multipart, { limits: { fileSize: maxUploadBytes + 1, files: 1, fields: 10, parts: 11 } });

  const readableApplication = async (user: PortalUser, applicationId: number) => {
    const application = await documents.findApplication(applicationId);
    if (!application || !canReadApplication(user, application)) throw notFound('notFoundApplication');
    return application;
  };
  const readableDocument = async (user: PortalUser, documentId: number, applicationId?: number) => {
    const found = await documents.find(documentId);
    if (
      !found ||
      (applicationId !== undefined && found.application.applicationId !== applicationId) ||
      !canReadApplication(user, found.application)
    ) {
      throw notFound('notFoundDocument');
    }
    return found;
  };
  const isOpen = (application: ApplicationOfDocument) => isStatusIn(statusesOpenForDocuments, application.status);
  /** The list tells the page the same, so it offers no upload these would refuse. */
  const canUpload = (user: PortalUser, application: ApplicationOfDocument) =>
    application.ownerId === user.id && isOpen(application);
  const assertCanUpload = (user: PortalUser, application: ApplicationOfDocument) => {
    if (application.ownerId !== user.id) {
      throw new HttpProblem(403, 'applicantOnlyUploads');
    }
    if (!isOpen(application)) throw applicationClosed();
  };

  /**
   * The credentials an application's documents prove (ADR 115): its record's current answers
   * once approved, else the application's as sent, on the program's day.
   */
  const credentialsOfApplication = async (applicationId: number) => {
    const rules = app.programProfile.credentials;
    if (!rules) return [];
    const today = app.repositories.providerRecords.today();
    const record = await app.repositories.providerRecords.find(applicationId);
    if (record) return app.repositories.credentialExpiry.statesOf(record.id, today);
    const sent = await app.repositories.applicationPdf.find(applicationId);
    return sent ? credentialStates(sent.application, rules, today) : [];
  };

  app.get(
    '/api/Application/:id/documents',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['documents'],
        summary: 'The documents an application needs, and which are uploaded',
        params: applicationDocumentsParamsSchema,
        response: { 200: requiredDocumentListSchema, ...readProblems },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const application = await readableApplication(user, request.params.id);
      const open = canUpload(user, application);
      const states = await credentialsOfApplication(application.applicationId);
      return (await documents.listFor(application.applicationId)).map((row) =>
        withCredential(toRequiredDocument(row, open), states),
      );
    },
  );

  const base64 = base64Upload(maxUploadBytes);
  app.post(
    '/api/Application/upload-documents',
    {
      config: { access: 'authenticated' },
      bodyLimit: base64.bodyLimit,
      preParsing: base64.preParsing,
      schema: {
        tags: ['documents'],
        summary: "Upload a document's file as base64 in JSON (spec payload); large files go by multipart",
        body: uploadDocumentRequestSchema,
        response: { 200: uploadDocumentResponseSchema, ...uploadProblems },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { applicationId, documentId, documentName, documentStream } = request.body;
      const { application } = await readableDocument(user, documentId, applicationId);
      assertCanUpload(user, application);
      return storeDocumentFile(uploads, request.log, {
        source: base64.decode(documentStream),
        offeredName: documentName,
        documentId,
        user,
        requestId: request.id,
      });
    },
  );

  app.post(
    '/api/Application/:id/documents/:documentId/file',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['documents'],
        summary: "Upload a document's file as multipart/form-data (part `file`), streamed to storage",
        consumes: ['multipart/form-data'],
        params: documentFileParamsSchema,
        response: { 200: uploadDocumentResponseSchema, ...uploadProblems },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { application } = await readableDocument(user, request.params.documentId, request.params.id);
      assertCanUpload(user, application);
      if (!request.isMultipart()) {
        throw new HttpProblem(415, 'sendMultipart');
      }
      // busboy rejects a body without a boundary or cut short with plain errors: the caller's fault.
      const part = await request.file().catch((error: unknown) => {
        throw error instanceof HttpProblem || (error as { statusCode?: number }).statusCode ? error : malformedUpload();
      });
      if (!part) throw new HttpProblem(400, 'noFilePart');
      return storeDocumentFile(uploads, request.log, {
        source: part.file,
        offeredName: part.filename,
        documentId: request.params.documentId,
        user,
        requestId: request.id,
      });
    },
  );

  /** The document's file as it is now (see openCurrentFile): 404 while it has none. */
  /** The document's current file, opened; a read by anyone but the applicant is audited (ADR 084). */
  const fileOf = async (user: PortalUser, requestId: string, documentId: number, applicationId?: number) => {
    const opened = await openCurrentFile(blobs, async () => {
      const { document, application } = await readableDocument(user, documentId, applicationId);
      if (!document.blob_key) throw notFound('notFoundDocumentFile');
      return { document, application, blobKey: document.blob_key };
    });
    try {
      await audit.recordRead({
        reader: user,
        requestId,
        action: 'document.read',
        application: opened.file.application,
        item: { documentId, name: opened.file.document.document_name },
      });
    } catch (error) {
      opened.source.destroy();
      throw error;
    }
    return opened;
  };

  app.post(
    '/api/Application/download-document',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['documents'],
        summary: "A document's file as base64 text (spec); the GET file call streams the bytes instead",
        querystring: downloadDocumentQuerySchema,
        body: z.unknown().optional(),
        response: { 200: z.string().describe('The file, base64-encoded, as text/plain'), ...readProblems },
      },
    },
    async (request, reply) => {
      const { source } = await fileOf(currentUser(request), request.id, request.query.documentId);
      return sendBase64(reply, source);
    },
  );

  app.get(
    '/api/Application/:id/documents/:documentId/file',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['documents'],
        summary: "A document's file, streamed with its content type, as an attachment",
        params: documentFileParamsSchema,
        response: { 200: z.unknown().describe('The file, with its own content type'), ...readProblems },
      },
    },
    async (request, reply) => {
      const { file, source } = await fileOf(
        currentUser(request),
        request.id,
        request.params.documentId,
        request.params.id,
      );
      const { document } = file;
      return sendAttachment(
        reply,
        {
          storedName: document.stored_name!,
          displayName: document.display_name!,
          contentType: document.content_type!,
          sizeBytes: document.size_bytes!,
        },
        source,
      );
    },
  );
};

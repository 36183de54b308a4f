import fs from 'node:fs/promises';
import path from 'node:path';
import type { DraftApplication, RequiredDocument } from '@ccap/contracts';
import { completeApplication } from './application-fixture';
import type { TestContext } from './helpers';
import type { TestUser } from './identity';

/** Who calls: these helpers only send the caller's token. */
type Caller = Pick<TestUser, 'headers'>;

/** Saves a complete application as a draft and submits it; answers the application id. */
export async function submitApplication(ctx: TestContext, user: Caller, application?: DraftApplication) {
  const draft = application ?? completeApplication();
  const applicationJson = JSON.stringify(draft);
  const saved = await ctx.app.inject({
    method: 'POST',
    url: '/api/Application/save-my-draft-applications',
    headers: user.headers,
    payload: { applicationJson },
  });
  const url =
    draft.providerType === 'registeredprovider' ? '/api/Application' : '/api/Application/save-unregistered-provider';
  const submitted = await ctx.app.inject({
    method: 'POST',
    url,
    headers: user.headers,
    payload: { draftApplicationId: saved.json<{ id: number }>().id, applicationJson },
  });
  if (submitted.statusCode !== 201) throw new Error(`submit answered ${submitted.statusCode}: ${submitted.body}`);
  return submitted.json<{ applicationId: number }>().applicationId;
}

export const listDocuments = (ctx: TestContext, user: Caller, applicationId: number) =>
  ctx.app.inject({ method: 'GET', url: `/api/Application/${applicationId}/documents`, headers: user.headers });

export async function documentsOf(ctx: TestContext, user: Caller, applicationId: number) {
  const response = await listDocuments(ctx, user, applicationId);
  if (response.statusCode !== 200) throw new Error(`list answered ${response.statusCode}`);
  return response.json<RequiredDocument[]>();
}

/** The multipart body a browser sends for one file in a part named `file`. */
export function multipartBody(fileName: string, bytes: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----ccap${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName.replaceAll('"', '%22')}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export function uploadMultipart(
  ctx: TestContext,
  user: Caller,
  target: { applicationId: number; documentId: number },
  fileName: string,
  bytes: Buffer,
) {
  const body = multipartBody(fileName, bytes);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/Application/${target.applicationId}/documents/${target.documentId}/file`,
    headers: { ...user.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

export function uploadBase64(
  ctx: TestContext,
  user: Caller,
  target: { applicationId: number; documentId: number },
  fileName: string,
  bytes: Buffer | string,
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/Application/upload-documents',
    headers: user.headers,
    payload: {
      ...target,
      documentName: fileName,
      documentStream: typeof bytes === 'string' ? bytes : bytes.toString('base64'),
      uploadedBy: 1000,
    },
  });
}

export const downloadFile = (ctx: TestContext, user: Caller, target: { applicationId: number; documentId: number }) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/Application/${target.applicationId}/documents/${target.documentId}/file`,
    headers: user.headers,
  });

export const downloadBase64 = (ctx: TestContext, user: Caller, documentId: number) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/Application/download-document?documentId=${documentId}`,
    headers: user.headers,
  });

/** Every file under the test's blob folder, staging included, relative to it. */
export async function filesInStore(ctx: TestContext): Promise<string[]> {
  const root = ctx.config.documents.blobDir;
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

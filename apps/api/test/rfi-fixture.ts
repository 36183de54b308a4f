import type { CreateRfiRequest, Rfi, RfiPermissions } from '@ccap/contracts';
import type { TestContext } from './helpers';
import type { TestUser } from './identity';

type Body = Record<string, unknown>;

export const createRfi = (ctx: TestContext, user: TestUser, body: Partial<CreateRfiRequest> | Body) =>
  ctx.app.inject({ method: 'POST', url: '/api/rfi/CreateRfi', headers: user.headers, payload: body });

export const respondRfi = (ctx: TestContext, user: TestUser, body: Body) =>
  ctx.app.inject({ method: 'POST', url: '/api/rfi/RespondRfi', headers: user.headers, payload: body });

export const completeRfi = (ctx: TestContext, user: TestUser, rfiId: number) =>
  ctx.app.inject({ method: 'POST', url: '/api/rfi/CompleteRfi', headers: user.headers, payload: { rfiId } });

export const listRfis = (ctx: TestContext, user: TestUser, applicationId: number) =>
  ctx.app.inject({ method: 'GET', url: `/api/Rfi/${applicationId}`, headers: user.headers });

export async function rfisOf(ctx: TestContext, user: TestUser, applicationId: number): Promise<Rfi[]> {
  const response = await listRfis(ctx, user, applicationId);
  if (response.statusCode !== 200) throw new Error(`list answered ${response.statusCode}: ${response.body}`);
  return response.json<Rfi[]>();
}

export async function permissionsOf(ctx: TestContext, user: TestUser, applicationId: number) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/Rfi/${applicationId}/permissions`,
    headers: user.headers,
  });
  return { statusCode: response.statusCode, body: response.json<RfiPermissions>() };
}

/** A base64 document as the web form sends it. */
export const rfiDocument = (name: string, bytes: Buffer) => ({
  documentName: name,
  documentStream: bytes.toString('base64'),
  uploadedBy: 'ignored@example.gov',
});

export const downloadRfiFile = (ctx: TestContext, user: TestUser, rfiDocumentId: number) =>
  ctx.app.inject({ method: 'GET', url: `/api/Rfi/documents/${rfiDocumentId}/file`, headers: user.headers });

export const downloadRfiBase64 = (ctx: TestContext, user: TestUser, rfiDocumentId: number) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/rfi/download-document?rfiDocumentId=${rfiDocumentId}`,
    headers: user.headers,
  });

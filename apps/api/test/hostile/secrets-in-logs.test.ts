import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app';
import { loadConfig } from '../../src/env';
import { loadProgramProfile } from '../../src/features/program/program-profile';
import * as files from '../document-files';
import { documentsOf, submitApplication, uploadMultipart } from '../documents-fixture';
import {
  createRuntimeTestDatabase,
  DEFAULT_PROFILE_PATH,
  type RuntimeTestDatabase,
  type TestContext,
} from '../helpers';
import { lastMailTo, registerAndConfirm, signInThroughIdp } from '../identity';

/**
 * The API's real logger (its serializers and query redaction, at the most talkative level) written
 * to memory while a person registers, confirms, signs in, calls the API, forgets and resets
 * the password and refreshes the session: no password, one-time token, authorization code,
 * PKCE verifier, access, ID or refresh token, or cookie value may appear in any line.
 */

const lines: string[] = [];
let app: App;
let database: RuntimeTestDatabase;
let blobDir: string;
let ctx: TestContext;

beforeAll(async () => {
  database = await createRuntimeTestDatabase();
  blobDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ccap-blobs-'));
  const defaults = loadConfig();
  const config = {
    ...defaults,
    logLevel: 'trace' as const,
    webDist: '/nonexistent',
    documents: { ...defaults.documents, blobDir },
  };
  const profile = await loadProgramProfile(DEFAULT_PROFILE_PATH);
  app = await buildApp({
    config,
    profile,
    database: database.runtime,
    logStream: { write: (line) => void lines.push(line) },
  });
  await app.ready();
  ctx = {
    app,
    database: database.runtime,
    asOwner: database.asOwner,
    config,
    profile,
    close: async () => undefined,
  };
});
afterAll(async () => {
  await app.close();
  await database.close();
  await fs.rm(blobDir, { recursive: true, force: true });
});

it('no secret of a whole account life reaches the logs', async () => {
  const secrets: string[] = [];
  const email = 'logs@example.gov';
  const password = 'Correct horse staple 42';
  const newPassword = 'Another quiet meadow 77';
  secrets.push(password, newPassword);

  await registerAndConfirm(ctx, { name: 'Log Reader', email, password });
  const confirmToken = (await lastMailTo(ctx, email)).token;
  if (confirmToken) secrets.push(confirmToken);

  const wrong = await signInThroughIdp(ctx, email, 'Wrong password guess 1');
  expect(wrong.login.statusCode).toBe(401);
  secrets.push('Wrong password guess 1');

  const { tokens, login } = await signInThroughIdp(ctx, email, password);
  expect(login.statusCode).toBe(200);
  secrets.push(tokens!.access_token, tokens!.id_token, tokens!.refresh_token ?? '');
  for (const cookie of [login.headers['set-cookie'] ?? []].flat()) {
    const value = cookie.split(';')[0]?.split('=').slice(1).join('=');
    if (value && value.length > 8) secrets.push(value);
  }

  const headers = { authorization: `Bearer ${tokens!.access_token}` };
  expect((await app.inject({ method: 'GET', url: '/api/User/me', headers })).statusCode).toBe(200);
  expect((await app.inject({ method: 'GET', url: '/api/Dashboard/get-dashboard', headers })).statusCode).toBe(200);
  // A document uploaded as a browser does (multipart): the multipart parser logs its options at
  // trace, the request's headers once among them.
  const applicationId = await submitApplication(ctx, { headers });
  const [document] = await documentsOf(ctx, { headers }, applicationId);
  const upload = await uploadMultipart(
    ctx,
    { headers },
    { applicationId, documentId: document!.documentId },
    'w9.pdf',
    files.pdf(),
  );
  expect(upload.statusCode).toBe(200);
  // A call that fails validation, with the password in its body, is logged as an error answer.
  await app.inject({ method: 'POST', url: '/idp/account/register', payload: { email, password, name: '' } });

  await app.inject({ method: 'POST', url: '/idp/account/forgot-password', payload: { email } });
  const resetToken = (await lastMailTo(ctx, email)).token!;
  secrets.push(resetToken);
  // The mailed link opened in the browser: the token travels in the query string.
  await app.inject({ method: 'GET', url: `/auth/boxed-password-reset?token=${resetToken}` });
  const reset = await app.inject({
    method: 'POST',
    url: '/idp/account/reset-password',
    payload: { token: resetToken, password: newPassword },
  });
  expect(reset.statusCode).toBe(200);

  const again = await signInThroughIdp(ctx, email, newPassword);
  secrets.push(again.tokens!.access_token, again.tokens!.refresh_token ?? '');
  await app.inject({
    method: 'POST',
    url: '/idp/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `_session=${again.tokens!.access_token}` },
    payload: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: again.tokens!.refresh_token ?? '',
      client_id: 'ccap-web',
    }).toString(),
  });

  const log = lines.join('');
  expect(lines.length).toBeGreaterThan(20);
  // The log did see these calls, with their request ids.
  expect(log).toContain('/idp/account/reset-password');
  expect(log).toContain('/api/User/me');
  expect(log).toContain('Providing options to busboy');
  expect(log).toContain('/auth/boxed-password-reset?token=[redacted]');
  for (const secret of secrets.filter((value) => value.length >= 8)) {
    expect(log.includes(secret), `a secret (${secret.slice(0, 6)}…) appears in the log`).toBe(false);
  }
  expect(log).not.toMatch(/eyJ[\w-]{10,}\.[\w-]{10,}/);
  expect(log).not.toMatch(/"authorization":\s*"Bearer/i);
  // The logger redacts nothing (ADR 041): no line may carry a request's or an answer's headers.
  expect(log).not.toMatch(/"headers":/);
  expect(log).not.toMatch(/[?&](token|code|code_verifier|refresh_token)=(?!\[redacted\])[^&"\s]/);
});

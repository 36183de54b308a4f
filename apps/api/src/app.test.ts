import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../test/helpers';
import { redactQuery } from './app';

let ctx: TestContext;
beforeAll(async () => {
  // A probe route with a body schema, to see how the app answers bad input to any route.
  ctx = await createTestApp({}, (app) => {
    app.post(
      '/api/Test/echo',
      {
        config: { access: 'public' },
        schema: { body: z.object({ name: z.string().min(1), age: z.number().int().min(0) }) },
      },
      async (request) => ({ received: request.body }),
    );
  });
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/health', () => {
  it('answers 200 with the database status', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toMatchObject({ status: 'ok', database: { status: 'up', backend: ctx.database.backend } });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
  });
});

describe('errors are problem+json', () => {
  it('answers malformed JSON with 400, never 500', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/Test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"not json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({
      status: 400,
      title: 'Bad Request',
      detail: expect.stringContaining('JSON'),
    });
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/Test/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(response.statusCode).toBe(415);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('answers an empty JSON body with 400', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/Test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('answers a body of the wrong shape with 400 and one error per field', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/Test/echo', payload: { name: '', age: -1.5 } });
    expect(response.statusCode).toBe(400);
    const problem = response.json();
    expect(problem).toMatchObject({ status: 400, type: 'urn:ccap:problem:validation', title: 'Invalid request' });
    expect(problem.errors.map((e: { path: string }) => e.path).sort()).toEqual(['age', 'name']);
    expect(problem.detail).toMatch(/^The request body is invalid: /);
  });

  it('answers an oversized body with 413', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/Test/echo',
      payload: { name: 'x'.repeat(2 * 1024 * 1024), age: 1 },
    });
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('passes a valid body through', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/Test/echo', payload: { name: 'Ann', age: 3 } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: { name: 'Ann', age: 3 } });
  });

  it('answers an unknown API route with 404 naming it, with the request id', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/no-such-thing?x=1',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-request-id']).toBe('abc-123');
    expect(response.json()).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'No API route matches GET /api/no-such-thing.',
      instance: '/api/no-such-thing',
      requestId: 'abc-123',
    });
  });

  it("puts the request id on answers that skip Fastify's reply too (the OpenID Provider's)", async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/idp/.well-known/openid-configuration',
      headers: { 'x-request-id': 'idp-123' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe('idp-123');
  });

  it('answers an address the router cannot read with 400 problem+json, with the request id', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/Application/%E0%A4%A',
      headers: { 'x-request-id': 'bad-url-1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.headers['x-request-id']).toBe('bad-url-1');
    expect(response.json()).toMatchObject({ status: 400, detail: 'The address is not valid.', requestId: 'bad-url-1' });
  });

  it('ignores a request id that is not safe to echo', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': '<script>' },
    });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 503 degraded when the database is gone', async () => {
    const other = await createTestApp();
    await other.database.close();
    const response = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'degraded', database: { status: 'down' } });
    await other.app.close();
  });
});

describe('security headers', () => {
  it('sends a strict Content Security Policy and the other headers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['permissions-policy']).toContain('microphone=()');
  });
});

describe('logs', () => {
  it('never carry one-time tokens or sign-out secrets from the query string', () => {
    expect(redactQuery('/auth/boxed-password-reset?token=abc123&lang=fr')).toBe(
      '/auth/boxed-password-reset?token=[redacted]&lang=fr',
    );
    expect(redactQuery('/auth/signout?xsrf=s3cret')).toBe('/auth/signout?xsrf=[redacted]');
    expect(redactQuery('/login/callback?code=xyz&state=abc&iss=http')).toBe(
      '/login/callback?code=[redacted]&state=[redacted]&iss=http',
    );
  });
});

describe('OpenAPI', () => {
  it('publishes the document at /api/docs/json with every API route', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/Program/get-profile']));
  });
});

describe('GET /api/Program/get-profile', () => {
  it('returns the program profile with the spec facts', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/Program/get-profile' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      productName: { en: 'Child Care Assistance Provider Portal' },
      agencyName: { en: 'Department of Health and Human Services' },
      versionLine: '2.0 build 14',
      licensing: { applicationForm: '470-4834', centerMinimumChildren: 7, provisionalOperationDays: 120 },
      search: { pageSize: 50, defaultDistanceMiles: 5, mapZoom: 10 },
    });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});

import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/env';
import { createTestApp, type TestContext } from '../helpers';

/**
 * The browser-facing security posture, on every kind of answer (API JSON, errors, the built-in
 * OpenID Provider's own answers): strict CSP, HSTS, no framing, referrer and permissions
 * policies, and the provider's cookies HttpOnly, SameSite and, over https, Secure.
 */

const authorizeUrl = () => {
  const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
  return `/idp/auth?${new URLSearchParams({
    client_id: 'ccap-web',
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: 'http://localhost:8080/login/callback',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'posture',
  }).toString()}`;
};

function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  const csp = String(headers['content-security-policy']);
  expect(csp, what).toMatch(/(^|;)\s*script-src 'self'(;|$)/);
  expect(csp, what).not.toContain('unsafe-inline');
  expect(csp, what).not.toContain('unsafe-eval');
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).toContain("base-uri 'self'");
  expect(headers['strict-transport-security'], what).toMatch(/max-age=\d{8,}; includeSubDomains/);
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], what).toMatch(/microphone=\(\).*payment=\(\)/);
  expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
}

describe('over http (the embedded default)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it.each([
    ['GET', '/api/health'],
    ['GET', '/api/no-such-route'],
    ['POST', '/api/Providers'],
    ['GET', '/api/User/me'],
    ['GET', '/idp/.well-known/openid-configuration'],
    ['GET', '/idp/jwks'],
    ['GET', '/idp/no-such-path'],
    ['GET', '/idp?broken'],
    // A malformed percent-encoding: the router answers it before any hook runs.
    ['GET', '/api/Application/%E0%A4%A'],
  ])('%s %s carries every security header', async (method, url) => {
    const response = await ctx.app.inject({
      method: method as 'GET',
      url,
      payload: method === 'POST' ? {} : undefined,
    });
    expectSecurityHeaders(response.headers, `${method} ${url} → ${response.statusCode}`);
  });

  it('the sign-in start carries them too, and sets HttpOnly SameSite cookies', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: authorizeUrl() });
    expect(response.statusCode).toBe(303);
    expectSecurityHeaders(response.headers, 'authorize');
    const cookies = [response.headers['set-cookie'] ?? []].flat();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*httponly/i);
      expect(cookie).toMatch(/;\s*samesite=lax/i);
    }
  });
});

describe('behind https (PUBLIC_URL https, TLS ended at the load balancer)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const https = loadConfig({ PUBLIC_URL: 'https://portal.example.gov', TRUST_PROXY: 'true' });
    ctx = await createTestApp({ publicUrl: https.publicUrl, trustProxy: true, identity: https.identity });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('upgrades insecure requests and marks every provider cookie Secure', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: authorizeUrl().replace('http%3A%2F%2Flocalhost%3A8080', 'https%3A%2F%2Fportal.example.gov'),
      headers: { 'x-forwarded-proto': 'https', host: 'portal.example.gov' },
    });
    expect(response.statusCode).toBe(303);
    expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    const cookies = [response.headers['set-cookie'] ?? []].flat();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*secure/i);
      expect(cookie).toMatch(/;\s*httponly/i);
      expect(cookie).toMatch(/;\s*samesite=lax/i);
    }
  });
});

import { createSecretKey } from 'node:crypto';
import { exportJWK, importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from '../../app';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, mintAccessToken, type TestUser } from '../../../test/identity';

let ctx: TestContext;
let applicant: TestUser;
let worker: TestUser;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  applicant = await createUser(ctx, 'Applicant One');
  worker = await createUser(ctx, 'Worker One', 'service-worker', ['Polk']);
  admin = await createUser(ctx, 'Admin One', 'administrator');
});
afterAll(async () => {
  await ctx.close();
});

const me = (authorization?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/User/me', headers: authorization ? { authorization } : {} });

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('bearer tokens', () => {
  const claims = { sub: 'token-test-subject', email: 'token@example.gov', name: 'Token Test' };

  it('accepts a valid token', async () => {
    const token = await mintAccessToken(ctx, claims);
    expect((await me(`Bearer ${token}`)).statusCode).toBe(200);
  });

  it.each([
    ['no token', async () => undefined],
    ['a malformed header', async () => 'Basic dXNlcjpwYXNz'],
    ['garbage', async () => 'Bearer not.a.token'],
    ['characters a token cannot have', async () => 'Bearer not a token'],
    ['an empty token', async () => 'Bearer '],
    [
      'a valid token with a character past it',
      async () => `Bearer ${await mintAccessToken(ctx, { ...claims, sub: 'token-test-suffix' })}$`,
    ],
    [
      'an expired token',
      async () => `Bearer ${await mintAccessToken(ctx, claims, { expiresIn: Math.floor(Date.now() / 1000) - 60 })}`,
    ],
    [
      'a wrong issuer',
      async () => `Bearer ${await mintAccessToken(ctx, claims, { issuer: 'https://evil.example/idp' })}`,
    ],
    ['a wrong audience', async () => `Bearer ${await mintAccessToken(ctx, claims, { audience: 'some-other-api' })}`],
    [
      'alg none',
      async () => {
        const now = Math.floor(Date.now() / 1000);
        const payload = {
          ...claims,
          iss: ctx.config.identity.issuer,
          aud: ctx.config.identity.audience,
          iat: now,
          exp: now + 300,
        };
        return `Bearer ${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
      },
    ],
    [
      'HS256 signed with the public key as secret',
      async () => {
        const [key] = await ctx.app.repositories.signingKeys.list();
        const publicJwk = await exportJWK(await importJWK({ kty: key!.kty, n: key!.n, e: key!.e }, 'RS256'));
        const secret = createSecretKey(Buffer.from(JSON.stringify(publicJwk)));
        const token = await new SignJWT({ email: claims.email, name: claims.name })
          .setProtectedHeader({ alg: 'HS256', kid: key!.kid })
          .setIssuer(ctx.config.identity.issuer)
          .setAudience(ctx.config.identity.audience)
          .setSubject(claims.sub)
          .setExpirationTime('5m')
          .sign(secret);
        return `Bearer ${token}`;
      },
    ],
    [
      'a token signed by another key',
      async () => {
        const { generateKeyPair } = await import('jose');
        const { privateKey } = await generateKeyPair('RS256');
        const token = await new SignJWT({ email: claims.email, name: claims.name })
          .setProtectedHeader({ alg: 'RS256', kid: 'attacker' })
          .setIssuer(ctx.config.identity.issuer)
          .setAudience(ctx.config.identity.audience)
          .setSubject(claims.sub)
          .setExpirationTime('5m')
          .sign(privateKey);
        return `Bearer ${token}`;
      },
    ],
  ])('rejects %s with 401 problem+json and WWW-Authenticate', async (_label, header) => {
    const authorization = await header();
    const response = await me(authorization);
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    // An error code only when a bearer token was sent (RFC 6750, section 3.1).
    expect(response.headers['www-authenticate']).toBe(
      /^Bearer ./.test(authorization ?? '') ? 'Bearer realm="ccap", error="invalid_token"' : 'Bearer realm="ccap"',
    );
  });

  it('keeps verifying tokens signed by a rotated-out key', async () => {
    const before = await mintAccessToken(ctx, claims);
    await ctx.app.repositories.signingKeys.rotate();
    expect((await me(`Bearer ${before}`)).statusCode).toBe(200);
    const after = await mintAccessToken(ctx, claims);
    expect((await me(`Bearer ${after}`)).statusCode).toBe(200);
  });
});

describe('each role reaches exactly its routes', () => {
  const reaches: Record<RouteAccess, Record<'anonymous' | 'applicant' | 'worker' | 'admin', boolean>> = {
    public: { anonymous: true, applicant: true, worker: true, admin: true },
    authenticated: { anonymous: false, applicant: true, worker: true, admin: true },
    staff: { anonymous: false, applicant: false, worker: true, admin: true },
    administrator: { anonymous: false, applicant: false, worker: false, admin: true },
    // A signed-in user's token is no API key: /api/v1 answers 401 to every one of them.
    'api-key': { anonymous: false, applicant: false, worker: false, admin: false },
  };

  it('over every registered API route', async () => {
    const routes = ctx.app.routeTable.filter(
      (route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(5);
    const callers = { anonymous: undefined, applicant, worker, admin };
    const mismatches: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, '1').replace('*', 'x');
      for (const [who, user] of Object.entries(callers)) {
        const response = await ctx.app.inject({
          method: route.method as 'GET',
          url,
          headers: user ? user.headers : {},
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const passed = response.statusCode !== 401 && response.statusCode !== 403;
        const expected = reaches[route.access!][who as keyof (typeof reaches)['public']];
        if (passed !== expected) mismatches.push(`${route.method} ${route.url} as ${who}: ${response.statusCode}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IdentityConfig } from '../../env';
import type { SigningKeysRepository } from './idp/signing-keys.repository';
import { createTokenVerifier, GRANT_CHECK_MS, GRANT_CLAIM, InvalidTokenError } from './token-verifier';

const identity: IdentityConfig = {
  kind: 'built-in',
  issuer: 'http://localhost/idp',
  clientId: 'ccap-web',
  audience: 'urn:ccap:api',
  scope: 'openid profile email',
  clientOrigins: [],
};

let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let publicJwk: JWK;
beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' };
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/**
 * The signing keys as the database holds them; `published` is what `list()` answers now; the
 * grants that stand are `live`, and `lookups` counts the grant lookups.
 */
function keyStore() {
  const store = { published: [publicJwk], live: new Set(['grant-1']), lookups: 0 };
  const keys = {
    list: async () => store.published,
    has: async (kid: string) => store.published.some((key) => key.kid === kid),
  } as unknown as SigningKeysRepository;
  const grants = {
    isLive: async (grantId: string) => {
      store.lookups += 1;
      return store.live.has(grantId);
    },
  };
  return { store, keys, deps: { keys, grants } };
}

const mint = (expiresAt: number, grantId: string | undefined = 'grant-1') =>
  new SignJWT({ email: 'cache@example.gov', name: 'Cache Test', ...(grantId ? { [GRANT_CLAIM]: grantId } : {}) })
    .setProtectedHeader({ alg: 'RS256', kid: 'key-1' })
    .setIssuer(identity.issuer)
    .setAudience(identity.audience)
    .setSubject('cache-subject')
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(privateKey);

const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

describe('the verified-token cache (ADR 041)', () => {
  it('checks the signature of a token once, then answers it from memory', async () => {
    const verify = createTokenVerifier(identity, keyStore().deps);
    const token = await mint(inSeconds(600));
    const signatureChecks = vi.spyOn(crypto.subtle, 'verify');
    const first = await verify(token);
    const second = await verify(token);
    expect(second).toEqual(first);
    expect(first.subject).toBe('cache-subject');
    expect(signatureChecks).toHaveBeenCalledTimes(1);
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const verify = createTokenVerifier(identity, keyStore().deps);
    const token = await mint(inSeconds(60));
    await expect(verify(token)).resolves.toMatchObject({ subject: 'cache-subject' });
    vi.setSystemTime(Date.now() + 70_000);
    await expect(verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('forgets what it verified when the key set is read again: a removed key stops verifying as before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { store, deps } = keyStore();
    const verify = createTokenVerifier(identity, deps);
    const token = await mint(inSeconds(3600));
    await expect(verify(token)).resolves.toMatchObject({ subject: 'cache-subject' });
    // The key is removed elsewhere: until the key set is read again (every 5 minutes) the
    // token passes, with or without the cache; after that it does not, cache or not.
    store.published = [];
    vi.setSystemTime(Date.now() + 60_000);
    await expect(verify(token)).resolves.toMatchObject({ subject: 'cache-subject' });
    vi.setSystemTime(Date.now() + 5 * 60_000);
    await expect(verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('never remembers a refusal or a token without an expiry', async () => {
    const verify = createTokenVerifier(identity, keyStore().deps);
    const token = await mint(inSeconds(600));
    const [header, payload, signature] = token.split('.');
    const tampered = `${header}.${payload}.${signature!.slice(0, -4)}AAAA`;
    await expect(verify(tampered)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verify(tampered)).rejects.toBeInstanceOf(InvalidTokenError);
    const forever = await new SignJWT({ email: 'cache@example.gov', name: 'Cache Test', [GRANT_CLAIM]: 'grant-1' })
      .setProtectedHeader({ alg: 'RS256', kid: 'key-1' })
      .setIssuer(identity.issuer)
      .setAudience(identity.audience)
      .setSubject('cache-subject')
      .sign(privateKey);
    const signatureChecks = vi.spyOn(crypto.subtle, 'verify');
    await verify(forever);
    await verify(forever);
    expect(signatureChecks).toHaveBeenCalledTimes(2);
  });
});

describe('the grant a token is issued under (ADR 085)', () => {
  it('refuses a token whose grant has ended within a second, and asks at most once a second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { store, deps } = keyStore();
    const verify = createTokenVerifier(identity, deps);
    const token = await mint(inSeconds(600));
    await Promise.all([verify(token), verify(token), verify(token)]);
    await verify(token);
    expect(store.lookups).toBe(1);
    store.live.delete('grant-1');
    vi.setSystemTime(Date.now() + GRANT_CHECK_MS + 1);
    await expect(verify(token)).rejects.toThrow(/has ended/);
    // Ended stays ended, without asking again.
    vi.setSystemTime(Date.now() + 60_000);
    await expect(verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
    expect(store.lookups).toBe(2);
  });

  it('refuses a built-in token that names no grant, and fails closed when the lookup fails', async () => {
    const { deps } = keyStore();
    await expect(createTokenVerifier(identity, deps)(await mint(inSeconds(600), ''))).rejects.toThrow(/no grant/);
    const broken = createTokenVerifier(identity, {
      keys: deps.keys,
      grants: { isLive: () => Promise.reject(new Error('database down')) },
    });
    await expect(broken(await mint(inSeconds(600)))).rejects.toThrow('database down');
    expect(() => createTokenVerifier(identity, { keys: deps.keys })).toThrow(/grants/);
  });
});

describe('an external issuer whose tokens carry no email or name', () => {
  /** Discovery, JWKS and userinfo on loopback; `userinfoFails` makes userinfo answer 503. */
  async function externalIssuer() {
    const state = { userinfoCalls: 0, userinfoFails: false };
    const server = http.createServer((request, response) => {
      const json = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.url === '/.well-known/openid-configuration')
        return json(200, { jwks_uri: `${base}/jwks`, userinfo_endpoint: `${base}/userinfo` });
      if (request.url === '/jwks') return json(200, { keys: [publicJwk] });
      if (request.url === '/userinfo') {
        state.userinfoCalls += 1;
        return state.userinfoFails
          ? json(503, { error: 'temporarily_unavailable' })
          : json(200, { email: 'Far@Example.gov', name: 'Far Away' });
      }
      json(404, {});
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const external: IdentityConfig = { ...identity, kind: 'external', issuer: base };
    const mintBare = () =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid: 'key-1' })
        .setIssuer(base)
        .setAudience(identity.audience)
        .setSubject('far-subject')
        .setIssuedAt()
        .setExpirationTime(inSeconds(600))
        .sign(privateKey);
    return { state, server, external, mintBare };
  }

  it('asks userinfo once per token; an unanswered userinfo is asked again, never remembered as blanks', async () => {
    const { state, server, external, mintBare } = await externalIssuer();
    try {
      const verify = createTokenVerifier(external, keyStore().deps);
      state.userinfoFails = true;
      const token = await mintBare();
      expect(await verify(token)).toMatchObject({ email: '', name: '' });
      state.userinfoFails = false;
      expect(await verify(token)).toMatchObject({ email: 'far@example.gov', name: 'Far Away' });
      expect(await verify(token)).toMatchObject({ email: 'far@example.gov', name: 'Far Away' });
      expect(state.userinfoCalls).toBe(2);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

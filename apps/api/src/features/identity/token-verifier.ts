import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeProtectedHeader,
  errors as joseErrors,
  type JWK,
  type JWTPayload,
  jwtVerify,
} from 'jose';
import { LRUCache } from 'lru-cache';
import { BUILT_IN_ISSUER_KEY, type IdentityConfig } from '../../env';
import type { GrantsRepository } from './idp/grants.repository';
import type { SigningKeysRepository } from './idp/signing-keys.repository';
import type { VerifiedIdentity } from './users.repository';

/** Asymmetric algorithms only: `none` and HMAC (where a public key could pose as a secret) never pass. */
export const ALLOWED_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'];

const KEY_SET_LIFETIME_MS = 5 * 60 * 1000;

/** Tokens whose verification is remembered (ADR 041): one entry per signed-in session in use. */
const VERIFIED_TOKENS = 10_000;

/**
 * The claim naming the grant a built-in provider's access token was issued under (ADR 085). A
 * sign-out, a revoked refresh token or a password reset deletes the grant, and its tokens stop
 * working then, not when they expire.
 */
export const GRANT_CLAIM = 'grant_id';

/**
 * How long an instance trusts its last look at a live grant. A grant ended anywhere is refused
 * by every instance within this time; a grant seen ended stays refused (grant ids are never
 * reused).
 */
export const GRANT_CHECK_MS = 1000;

/** A bearer token's characters (RFC 6750, section 2.1: `b64token`). */
const B64TOKEN = /^[A-Za-z0-9._~+/-]+=*$/;

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

export type TokenVerifier = (token: string) => Promise<VerifiedIdentity>;

const publicPart = ({ kty, n, e, crv, x, y, kid, alg, use }: JWK): JWK =>
  Object.fromEntries(Object.entries({ kty, n, e, crv, x, y, kid, alg, use }).filter(([, v]) => v !== undefined));

/**
 * Verifies bearer access tokens: signature against the issuer's keys, issuer, audience,
 * expiry and an algorithm allow-list. The built-in provider's keys are read from the
 * database (and re-read when a token names a key not seen yet, after a rotation elsewhere);
 * an external provider's come from its JWKS, found through discovery.
 */
export function createTokenVerifier(
  identity: IdentityConfig,
  deps: {
    keys: SigningKeysRepository;
    /** Required for the built-in provider: whether a token's grant still stands. */
    grants?: Pick<GrantsRepository, 'isLive'>;
    fetchImpl?: typeof fetch;
  },
): TokenVerifier {
  const { keys, grants, fetchImpl = fetch } = deps;
  if (identity.kind === 'built-in' && !grants) throw new Error('the built-in provider needs its grants checked');
  const options = {
    issuer: identity.issuer,
    audience: identity.audience,
    algorithms: ALLOWED_ALGORITHMS,
    clockTolerance: 5,
  };

  let getKey: Parameters<typeof jwtVerify>[1] | undefined;
  let loadedAt = 0;
  let knownKids = new Set<string>();
  let userinfoEndpoint: string | undefined;
  // Which key set verified a remembered token: a reload (every KEY_SET_LIFETIME_MS, or when a
  // rotation elsewhere is seen) starts a new generation and forgets every earlier verification,
  // so a retired or removed key stops letting its tokens in exactly as soon as it did without
  // the cache.
  let generation = 0;
  const verified = new LRUCache<
    string,
    { identity: VerifiedIdentity; grantId: string | undefined; generation: number; expiresAt: number }
  >({
    max: VERIFIED_TOKENS,
  });
  /** The last look at each grant in use: at most one database lookup per grant a second. */
  const grantSeen = new LRUCache<string, { live: boolean; at: number }>({ max: VERIFIED_TOKENS });
  const grantLookups = new Map<string, Promise<boolean>>();

  async function grantIsLive(grantId: string): Promise<boolean> {
    const seen = grantSeen.get(grantId);
    if (seen && (!seen.live || Date.now() - seen.at < GRANT_CHECK_MS)) return seen.live;
    // Parallel calls with one grant share one lookup.
    let lookup = grantLookups.get(grantId);
    if (!lookup) {
      const at = Date.now();
      lookup = grants!.isLive(grantId).then(
        (live) => {
          grantSeen.set(grantId, { live, at });
          grantLookups.delete(grantId);
          return live;
        },
        (error: unknown) => {
          grantLookups.delete(grantId);
          throw error;
        },
      );
      grantLookups.set(grantId, lookup);
    }
    return lookup;
  }

  async function keySet(force = false) {
    // Re-read now and then, so a key retired or removed elsewhere stops verifying here too.
    if (getKey && !force && Date.now() - loadedAt < KEY_SET_LIFETIME_MS) return getKey;
    if (identity.kind === 'built-in') {
      const current = await keys.list();
      knownKids = new Set(current.map((key) => key.kid ?? ''));
      getKey = createLocalJWKSet({ keys: current.map(publicPart) });
    } else {
      const response = await fetchImpl(`${identity.issuer}/.well-known/openid-configuration`);
      if (!response.ok) throw new Error(`OIDC discovery failed with ${response.status}`);
      const discovery = (await response.json()) as { jwks_uri: string; userinfo_endpoint?: string };
      userinfoEndpoint = discovery.userinfo_endpoint;
      getKey = createRemoteJWKSet(new URL(discovery.jwks_uri));
    }
    loadedAt = Date.now();
    generation += 1;
    verified.clear();
    return getKey;
  }

  /**
   * Who a token this instance verified with the current key set names, until its expiry: the
   * same string cannot have a different signature or claims, so verifying it again (an RSA
   * operation per call), and asking an external issuer's userinfo endpoint again, would only
   * repeat the answer. Tokens without `exp` and failures are never remembered.
   */
  function remembered(token: string) {
    if (!getKey || Date.now() - loadedAt >= KEY_SET_LIFETIME_MS) return undefined;
    const known = verified.get(token);
    return known && known.generation === generation && Date.now() < known.expiresAt ? known : undefined;
  }

  async function verifyWith(token: string, getKeyNow: NonNullable<typeof getKey>): Promise<JWTPayload> {
    try {
      return (await jwtVerify(token, getKeyNow, options)).payload;
    } catch (error) {
      // A key this instance has not loaded yet (rotated by another instance): reload only
      // when the database really has it, so made-up key ids cost one lookup, not a reload.
      const kid = error instanceof joseErrors.JWKSNoMatchingKey ? decodeProtectedHeader(token).kid : undefined;
      if (kid && !knownKids.has(kid) && identity.kind === 'built-in' && (await keys.has(kid))) {
        return (await jwtVerify(token, await keySet(true), options)).payload;
      }
      throw error;
    }
  }

  /**
   * The token's email and name, from the userinfo endpoint when the token lacks them. `settled`
   * is false when that endpoint was needed and did not answer: the identity is then not
   * remembered, so the next call asks again rather than keeping blanks until the token expires.
   */
  async function profileClaims(payload: JWTPayload, token: string) {
    let { email, name } = payload as { email?: unknown; name?: unknown };
    let settled = true;
    if ((typeof email !== 'string' || typeof name !== 'string') && userinfoEndpoint) {
      const response = await fetchImpl(userinfoEndpoint, { headers: { authorization: `Bearer ${token}` } });
      if (response.ok) ({ email, name } = (await response.json()) as { email?: unknown; name?: unknown });
      else settled = false;
    }
    return { email: typeof email === 'string' ? email : '', name: typeof name === 'string' ? name : '', settled };
  }

  async function identify(token: string): Promise<{ identity: VerifiedIdentity; grantId: string | undefined }> {
    // Anything but a b64token is refused before any key is looked at.
    if (!B64TOKEN.test(token)) throw new InvalidTokenError('the bearer token has characters a token cannot have');
    const getKeyNow = await keySet();
    const current = generation;
    let payload: JWTPayload;
    try {
      payload = await verifyWith(token, getKeyNow);
    } catch (error) {
      throw new InvalidTokenError(error instanceof Error ? error.message : 'invalid token');
    }
    if (!payload.sub) throw new InvalidTokenError('token has no subject');
    const { email, name, settled } = await profileClaims(payload, token);
    const {
      auth_time: authTime,
      sid,
      [GRANT_CLAIM]: grant,
    } = payload as { auth_time?: unknown; sid?: unknown; [GRANT_CLAIM]?: unknown };
    const grantId = typeof grant === 'string' && grant.length > 0 && grant.length <= 200 ? grant : undefined;
    // The built-in provider names the grant in every token it issues: one without is not its own.
    if (identity.kind === 'built-in' && !grantId) throw new InvalidTokenError('token names no grant');
    const who: VerifiedIdentity = Object.freeze({
      issuer: identity.kind === 'built-in' ? BUILT_IN_ISSUER_KEY : identity.issuer,
      subject: payload.sub,
      email: email.toLowerCase(),
      name: name || email,
      // Which sign-in the token comes from, when the issuer says (the staff sign-in audit).
      session: Object.freeze({
        ...(typeof authTime === 'number' && Number.isFinite(authTime) ? { authTime } : {}),
        ...(typeof sid === 'string' && sid.length > 0 && sid.length <= 200 ? { sid } : {}),
      }),
    });
    // Only when no reload happened meanwhile: the entry names the key set that verified it.
    if (settled && typeof payload.exp === 'number' && generation === current) {
      verified.set(token, { identity: who, grantId, generation: current, expiresAt: payload.exp * 1000 });
    }
    return { identity: who, grantId };
  }

  /**
   * The built-in provider's tokens are good only while their grant stands (ADR 085). An
   * external issuer's are checked by signature and expiry alone: its sessions are not in this
   * database (docs/configuration.md, "External identity provider").
   */
  async function stillGranted(grantId: string | undefined) {
    if (identity.kind !== 'built-in') return;
    if (!grantId || !(await grantIsLive(grantId))) {
      throw new InvalidTokenError('the sign-in this token comes from has ended');
    }
  }

  return async (token) => {
    const known = remembered(token) ?? (await identify(token));
    await stillGranted(known.grantId);
    return known.identity;
  };
}

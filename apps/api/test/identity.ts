import { createHash, randomBytes } from 'node:crypto';
import type { StaffRole } from '@ccap/contracts';
import { importJWK, SignJWT } from 'jose';
import { BUILT_IN_ISSUER_KEY } from '../src/env';
import { GRANT_CLAIM } from '../src/features/identity/token-verifier';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import type { TestContext } from './helpers';

/** Signs an access token with the built-in provider's own key, as it would issue one. */
export async function mintAccessToken(
  ctx: TestContext,
  claims: { sub: string; email: string; name: string },
  overrides: { issuer?: string; audience?: string; expiresIn?: string | number } = {},
) {
  const [key] = await ctx.app.repositories.signingKeys.list();
  if (!key) throw new Error('no signing key');
  // The grant the provider would have stored for this sign-in (ADR 085).
  const grantId = randomBytes(16).toString('base64url');
  await ctx.database.db
    .insertInto('oidc_payload')
    .values({
      model: 'Grant',
      id: grantId,
      payload: JSON.stringify({ accountId: claims.sub, clientId: 'ccap-web', jti: grantId, kind: 'Grant' }),
      grant_id: grantId,
      expires_at: new Date(Date.now() + 24 * 60 * 60 * 1000),
    })
    .execute();
  return new SignJWT({ email: claims.email, name: claims.name, scope: 'openid profile email', [GRANT_CLAIM]: grantId })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'at+jwt' })
    .setIssuer(overrides.issuer ?? ctx.config.identity.issuer)
    .setAudience(overrides.audience ?? ctx.config.identity.audience)
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(overrides.expiresIn ?? '5m')
    .sign(await importJWK(key, 'RS256'));
}

export interface TestUser {
  id: string;
  email: string;
  name: string;
  token: string;
  headers: { authorization: string };
}

/** A signed-in portal user with the given staff role (or none), and a token to call with. */
export async function createUser(
  ctx: TestContext,
  name: string,
  role?: StaffRole,
  counties: string[] = [],
): Promise<TestUser> {
  const subject = randomBytes(8).toString('hex');
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${subject}@example.gov`;
  const user = await ctx.app.repositories.users.resolve({ issuer: BUILT_IN_ISSUER_KEY, subject, email, name });
  if (role) {
    await ctx.app.repositories.users.changeRole(
      { action: 'grant', userId: user.id, role, counties },
      { id: null, label: 'test' },
    );
  }
  const token = await mintAccessToken(ctx, { sub: subject, email, name });
  return { id: user.id, email, name, token, headers: { authorization: `Bearer ${token}` } };
}

/** A minimal cookie jar for driving the OpenID Provider through inject(). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(setCookie: string | string[] | undefined) {
    for (const line of [setCookie ?? []].flat()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) this.cookies.set(name.trim(), value.join('='));
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  return parsed.pathname + parsed.search;
};

/** A POST to one of the sign-in attempt's own calls, with its cookies. */
export type InteractionCall = (path: string, payload?: Record<string, unknown>) => Promise<LightMyRequestResponse>;

/**
 * What a test does at a staff member's second step (`verify` or `enrol`), through `call`:
 * answers where the sign-in goes on (the `redirectTo` of the last call), or undefined to stop.
 */
export type SecondFactorStep = (step: 'verify' | 'enrol', call: InteractionCall) => Promise<string | undefined>;

/**
 * Signs in through the built-in provider exactly as the browser does: authorization request
 * with PKCE, the interaction's login call, the second factor's step when the account needs
 * one (`secondFactor`), the resume redirect, and the code exchange.
 */
export async function signInThroughIdp(
  ctx: Pick<TestContext, 'app' | 'config'>,
  email: string,
  password: string,
  secondFactor?: SecondFactorStep,
  client: { remoteAddress?: string; deviceCookie?: string } = {},
) {
  const jar = new CookieJar();
  if (client.deviceCookie) jar.store(client.deviceCookie);
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${ctx.config.publicUrl}/login/callback`;
  const authorize = new URLSearchParams({
    client_id: 'ccap-web',
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'test-state',
  });
  const start = await ctx.app.inject({ method: 'GET', url: `/idp/auth?${authorize.toString()}` });
  jar.store(start.headers['set-cookie']);
  const interactionPath = String(start.headers.location);
  const uid = interactionPath.split('/').pop()!;

  const login = await ctx.app.inject({
    method: 'POST',
    url: `/idp/interaction/${uid}/login`,
    headers: { cookie: jar.header() },
    payload: { email, password },
    ...(client.remoteAddress ? { remoteAddress: client.remoteAddress } : {}),
  });
  if (login.statusCode !== 200) return { login, tokens: undefined, uid };
  jar.store(login.headers['set-cookie']);

  const answer = login.json<{ redirectTo: string } | { secondFactor: 'verify' | 'enrol' }>();
  let location: string;
  if ('secondFactor' in answer) {
    const call: InteractionCall = async (path, payload) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/idp/interaction/${uid}/${path}`,
        headers: { cookie: jar.header() },
        ...(payload ? { payload } : {}),
      });
      jar.store(response.headers['set-cookie']);
      return response;
    };
    const next = secondFactor ? await secondFactor(answer.secondFactor, call) : undefined;
    if (!next) return { login, tokens: undefined, uid, deviceCookie: deviceCookieOf(login) };
    location = next;
  } else {
    location = answer.redirectTo;
  }
  for (let hop = 0; hop < 5 && !location.startsWith(redirectUri); hop++) {
    const next = await ctx.app.inject({ method: 'GET', url: pathOf(location), headers: { cookie: jar.header() } });
    jar.store(next.headers['set-cookie']);
    location = String(next.headers.location);
  }
  const code = new URL(location).searchParams.get('code');
  const token = await ctx.app.inject({
    method: 'POST',
    url: '/idp/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code: code ?? '',
      redirect_uri: redirectUri,
      client_id: 'ccap-web',
      code_verifier: verifier,
    }).toString(),
  });
  return {
    login,
    uid,
    /** The browser's cookies for the provider: its session, for a sign-out. */
    cookies: jar.header(),
    /** The device cookie the sign-in gave this browser (ADR 095), as `name=value`. */
    deviceCookie: deviceCookieOf(login),
    tokens: token.json<{ access_token: string; id_token: string; refresh_token?: string; expires_in: number }>(),
  };
}

/** The `ccap_device=…` pair an answer sets, if any. */
export function deviceCookieOf(answer: LightMyRequestResponse): string | undefined {
  return [answer.headers['set-cookie'] ?? []]
    .flat()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith('ccap_device='));
}

/** The newest outbox mail to an address, and the first link in it. */
export async function lastMailTo(ctx: TestContext, to: string) {
  const mails = await ctx.app.repositories.mail.latest(200);
  const mail = mails.find((entry) => entry.to === to);
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  return { mail, link, token: link ? new URL(link).searchParams.get('token') : null };
}

/**
 * Creates a confirmed account on the built-in provider the way a person does: register, open
 * the mailed link. Fails loudly if either step does not answer as expected.
 */
export async function registerAndConfirm(ctx: TestContext, account: { name: string; email: string; password: string }) {
  const registered = await ctx.app.inject({ method: 'POST', url: '/idp/account/register', payload: account });
  if (registered.statusCode !== 200) throw new Error(`register answered ${registered.statusCode}`);
  const { token } = await lastMailTo(ctx, account.email);
  const confirmed = await ctx.app.inject({ method: 'POST', url: '/idp/account/confirm', payload: { token } });
  if (confirmed.statusCode !== 200) throw new Error(`confirm answered ${confirmed.statusCode}`);
}

import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { DB } from '../../../db/schema';
import type { AccountsRepository } from './accounts.repository';
import { GRANT_CLAIM } from '../token-verifier';
import { createOidcAdapter } from './oidc-adapter';
import type { SigningKeysRepository } from './signing-keys.repository';

import { BUILT_IN_AUDIENCE as API_RESOURCE, BUILT_IN_CLIENT_ID, SPEC_SCOPES as SCOPES } from '../../../env';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface ProviderOptions {
  issuer: string;
  /** Origins the portal's web app is served from: each gets the redirect URIs. */
  clientOrigins: string[];
  trustProxy: boolean;
  db: Kysely<DB>;
  accounts: AccountsRepository;
  keys: SigningKeysRepository;
}

const spaRedirect = (ctx: KoaContextWithOIDC, path: string, params: Record<string, string | undefined>) => {
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => !!entry[1]));
  ctx.status = 303;
  ctx.redirect(`${path}?${query.toString()}`);
};

/**
 * The built-in OpenID Provider (oidc-provider, OpenID Certified): authorization code flow with
 * PKCE only, RS256 keys from the database, JWT access tokens for the portal API, refresh
 * tokens, and every page it shows rendered by the web app so it looks and reads like the
 * portal in the user's language.
 */
export async function createProvider(options: ProviderOptions): Promise<Provider> {
  const keys = await options.keys.loadOrCreate();
  const cookieKey = await options.keys.secret('oidc-cookie-key');
  const configuration: Configuration = {
    adapter: createOidcAdapter(options.db),
    clients: [
      {
        client_id: BUILT_IN_CLIENT_ID,
        client_name: 'Child Care Assistance Provider Portal',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: options.clientOrigins.map((origin) => `${origin}/login/callback`),
        post_logout_redirect_uris: options.clientOrigins.map((origin) => `${origin}/auth/signed-out`),
      },
    ],
    clientBasedCORS: (_ctx, origin) => options.clientOrigins.includes(origin),
    async findAccount(_ctx, sub) {
      const account = await options.accounts.findById(sub);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: () => ({
          sub: account.id,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name,
        }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    // The ID token carries name and email, so the web app needs no userinfo call.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    responseTypes: ['code'],
    jwks: { keys },
    cookies: {
      keys: [cookieKey],
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API_RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: SCOPES,
          audience: API_RESOURCE,
          accessTokenFormat: 'jwt',
          accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
      rpInitiatedLogout: {
        enabled: true,
        // The confirmation page is the web app's, posting the same form back.
        logoutSource: async (ctx, form) => {
          const xsrf = /name="xsrf" value="([^"]+)"/.exec(form)?.[1];
          spaRedirect(ctx, '/auth/signout', { xsrf });
        },
        postLogoutSuccessSource: async (ctx) => spaRedirect(ctx, '/auth/signed-out', {}),
      },
    },
    // Access tokens name the user, so the API knows who calls without a userinfo round trip,
    // and the sign-in they come from (auth_time, and a session id), so the API can audit
    // a staff member's sign-in on their first call (refreshed tokens keep both).
    extraTokenClaims: async (ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const account = await options.accounts.findById(token.accountId);
      if (!account) return undefined;
      const source = ctx.oidc.entities.AuthorizationCode ?? ctx.oidc.entities.RefreshToken;
      // The session's uid, hashed: it names the session without being usable to look it up.
      const { sessionUid } = token as { sessionUid?: string };
      const sid = sessionUid ? createHash('sha256').update(sessionUid).digest('base64url').slice(0, 32) : undefined;
      return {
        email: account.email,
        name: account.name,
        ...(typeof source?.authTime === 'number' ? { auth_time: source.authTime } : {}),
        ...(sid ? { sid } : {}),
        // The grant it is issued under, checked on every call (ADR 085): a sign-out ends it.
        ...(token.grantId ? { [GRANT_CLAIM]: token.grantId } : {}),
      };
    },
    // The portal's own web app is first-party: no consent screen, the grant is implied.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      if (!ctx.oidc.session?.accountId || ctx.oidc.client?.clientId !== BUILT_IN_CLIENT_ID) return undefined;
      const grant = new ctx.oidc.provider.Grant({
        clientId: BUILT_IN_CLIENT_ID,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope(SCOPES);
      grant.addOIDCClaims(['sub', 'email', 'email_verified', 'name']);
      grant.addResourceScope(API_RESOURCE, SCOPES);
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx, interaction) => `/idp/interaction/${interaction.uid}` },
    renderError: async (ctx, out) => {
      spaRedirect(ctx, '/auth/error', { error: String(out.error ?? 'server_error') });
    },
  };

  const provider = new Provider(options.issuer, configuration);
  provider.proxy = options.trustProxy;
  return provider;
}

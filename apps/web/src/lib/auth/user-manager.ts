import type { AuthConfig } from '@ccap/contracts';
import type { UserManager, UserManagerSettings } from 'oidc-client-ts';

/** The client settings for the configured identity provider (authorization code with PKCE). */
export function userManagerSettings(config: AuthConfig, origin: string): UserManagerSettings {
  return {
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: `${origin}/login/callback`,
    post_logout_redirect_uri: `${origin}/auth/signed-out`,
    response_type: 'code',
    scope: config.scope,
    // Renewal uses the refresh token; the id token already carries name and email.
    automaticSilentRenew: true,
    loadUserInfo: false,
  };
}

export type CreateUserManager = (config: AuthConfig) => UserManager | Promise<UserManager>;

/**
 * oidc-client-ts is ~18 KB gzipped: it loads in its own chunk, beside the first render, so
 * the home page's first load stays under budget.
 */
export const createUserManager: CreateUserManager = async (config) => {
  const { UserManager } = await import('oidc-client-ts');
  return new UserManager(userManagerSettings(config, window.location.origin));
};

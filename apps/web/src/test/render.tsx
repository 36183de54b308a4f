import { render } from '@testing-library/react';
import { InMemoryWebStorage, User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createRoutes } from '@/app/router';
import { userManagerSettings } from '@/lib/auth/user-manager';
import { initI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { testAccessToken, testAuthConfig, testUser } from './handlers';

export interface RenderOptions {
  /** Signed in as the test user (the default), or signed out with null. */
  signedIn?: boolean;
  /** Location state for the first entry. */
  state?: unknown;
  /** Arrange the OIDC client's stubs before anything renders. */
  arrangeAuth?: (auth: TestAuth) => void;
}

export type TestAuth = Awaited<ReturnType<typeof createTestUserManager>>;

/**
 * An OIDC client over an in-memory store, with the browser redirects stubbed: tests assert
 * that they were asked for, and with what.
 */
export async function createTestUserManager(signedIn: boolean) {
  const userManager = new UserManager({
    ...userManagerSettings(testAuthConfig, 'http://localhost'),
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
    automaticSilentRenew: false,
  });
  if (signedIn) {
    await userManager.storeUser(
      new User({
        access_token: testAccessToken,
        token_type: 'Bearer',
        id_token: 'test-id-token',
        scope: testAuthConfig.scope,
        profile: {
          sub: testUser.id,
          iss: testAuthConfig.authority,
          aud: testAuthConfig.clientId,
          exp: 0,
          iat: 0,
          name: testUser.name,
          email: testUser.email,
        },
        expires_at: Math.floor(Date.now() / 1000) + 3600,
      }),
    );
  }
  return {
    userManager,
    signinRedirect: vi.spyOn(userManager, 'signinRedirect').mockResolvedValue(undefined),
    signoutRedirect: vi.spyOn(userManager, 'signoutRedirect').mockResolvedValue(undefined),
    signinSilent: vi.spyOn(userManager, 'signinSilent').mockResolvedValue(null),
    signinRedirectCallback: vi.spyOn(userManager, 'signinRedirectCallback'),
  };
}

/** Renders the real route table at a path, with real i18n, a fresh query cache and auth. */
export async function renderRoute(path: string, options: RenderOptions = {}) {
  await initI18n('en');
  const auth = await createTestUserManager(options.signedIn ?? true);
  options.arrangeAuth?.(auth);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), {
    initialEntries: [
      {
        pathname: path.split('?')[0],
        search: path.includes('?') ? `?${path.split('?')[1]}` : '',
        state: options.state,
      },
    ],
  });
  const result = render(
    <AppProvider queryClient={queryClient} createUserManager={() => auth.userManager}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient, auth };
}

export const DEFAULT_RETURN_TO = '/home';

/**
 * A place inside this app to come back to after signing in. Anything else (another origin,
 * a protocol-relative `//host`, a backslash trick) is refused, so a crafted link cannot
 * send a freshly signed-in user to a look-alike site.
 */
export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/')) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (value.startsWith('//') || value.includes('\\') || /[\u0000-\u0020\u007f]|%0|%1|%7f|%09/i.test(value)) {
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(value, window.location.origin);
  } catch {
    return undefined;
  }
  if (url.origin !== window.location.origin) return undefined;
  // Signing in to land on the sign-in, lock or sign-out pages would undo itself.
  if (url.pathname === '/login' || url.pathname.startsWith('/login/') || url.pathname.startsWith('/auth/'))
    return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in state object oidc-client-ts carries through the redirect. */
export interface SignInState {
  returnTo: string;
}

export function returnToFromState(state: unknown): string {
  const value = typeof state === 'object' && state !== null ? (state as Partial<SignInState>).returnTo : undefined;
  return safeReturnTo(value) ?? DEFAULT_RETURN_TO;
}

export function loginPath(returnTo: string) {
  return `/login?${new URLSearchParams({ returnTo }).toString()}`;
}

export const DEFAULT_RETURN_TO = '/home';

/**
 * A place inside this app to come back to after signing in. Anything else (another origin,
 * a protocol-relative `//host`, a backslash trick) is refused, so a crafted link cannot
 * send a freshly signed-in user to a look-alike site.
 */
export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/')) return undefined;
  if (value.startsWith('//') || value.includes('\\')) return undefined;
  return value;
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

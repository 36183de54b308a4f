/**
 * The built-in identity provider's pages come in two looks (spec: boxed and cover); links
 * between them stay in the look the user started from.
 */
export function authPaths(pathname: string) {
  const cover = pathname.startsWith('/auth/cover-');
  return {
    signIn: cover ? '/auth/cover-login' : '/auth/boxed-signin',
    signUp: cover ? '/auth/cover-register' : '/auth/boxed-signup',
    passwordReset: cover ? '/auth/cover-password-reset' : '/auth/boxed-password-reset',
  };
}

export const withUid = (path: string, uid: string | null | undefined) =>
  uid ? `${path}?${new URLSearchParams({ uid }).toString()}` : path;

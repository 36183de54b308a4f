import { useCallback } from 'react';
import { useAuth } from '@/lib/auth/auth-context';
import { DEFAULT_RETURN_TO, type SignInState } from '@/lib/auth/return-to';

/** Sends the browser to the identity provider; it comes back to `returnTo` once signed in. */
export function useStartSignIn() {
  const { userManager } = useAuth();
  return useCallback(
    async (returnTo: string = DEFAULT_RETURN_TO, options: { prompt?: string } = {}) => {
      if (!userManager) throw new Error('Sign-in is not configured yet');
      const state: SignInState = { returnTo };
      await userManager.signinRedirect({ state, ...options });
    },
    [userManager],
  );
}

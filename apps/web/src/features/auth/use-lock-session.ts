import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { displayNameOf, useAuth } from '@/lib/auth/auth-context';

export const LOCK_SCREEN_PATH = '/auth/boxed-lockscreen';

export interface LockState {
  name?: string;
}

/**
 * Locks the session: the tokens are dropped from this browser and the lock screen offers to
 * sign in again and come back to the page the user was on.
 */
export function useLockSession() {
  const { user, userManager } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(async () => {
    const returnTo = `${location.pathname}${location.search}${location.hash}`;
    const state: LockState = { name: displayNameOf(user) };
    await userManager?.removeUser();
    await navigate(`${LOCK_SCREEN_PATH}?${new URLSearchParams({ returnTo }).toString()}`, { state });
  }, [user, userManager, navigate, location]);
}

import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { displayNameOf, useAuth } from '@/lib/auth/auth-context';

export const LOCK_SCREEN_PATH = '/auth/boxed-lockscreen';

export interface LockState {
  name?: string;
}

/**
 * Locks the session: goes to the lock screen, which drops the tokens from this browser and
 * offers to sign in again and come back to the page the user was on.
 */
export function useLockSession() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(async () => {
    const returnTo = `${location.pathname}${location.search}${location.hash}`;
    const state: LockState = { name: displayNameOf(user) };
    // The lock screen drops the tokens once it shows. Dropping them here, while a
    // login-required page may still be on screen, would send the user to /login instead.
    await navigate(`${LOCK_SCREEN_PATH}?${new URLSearchParams({ returnTo }).toString()}`, { state });
  }, [user, navigate, location]);
}

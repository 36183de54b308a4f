import type { User, UserManager } from 'oidc-client-ts';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { setAccessTokenSource } from '../api-client';
import { AuthContext, type AuthState } from './auth-context';
import { useAuthConfig } from './auth-config';
import { createUserManager as defaultCreateUserManager, type CreateUserManager } from './user-manager';

/**
 * Reads the sign-in configuration from the API, creates the OIDC client with it and keeps the
 * current user in React state. Every API call carries the user's access token.
 */
export function AuthProvider({
  children,
  createUserManager = defaultCreateUserManager,
}: {
  children: ReactNode;
  createUserManager?: CreateUserManager;
}) {
  const config = useAuthConfig();
  const [userManager, setUserManager] = useState<UserManager>();
  const [user, setUser] = useState<User | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [failed, setFailed] = useState(false);
  // Read synchronously by the API client: a query started in the same commit as the user
  // arrives must already see the token.
  const userRef = useRef<User | null>(null);

  useEffect(() => {
    setAccessTokenSource(() => userRef.current?.access_token);
    return () => setAccessTokenSource(() => undefined);
  }, []);

  useEffect(() => {
    if (!config.data) return;
    let cancelled = false;
    let unsubscribe = () => {};
    const apply = (next: User | null) => {
      userRef.current = next;
      setUser(next);
    };

    void Promise.resolve(createUserManager(config.data))
      .then(async (manager) => {
        if (cancelled) {
          manager.stopSilentRenew();
          return;
        }
        const onLoaded = (loaded: User) => apply(loaded);
        const onUnloaded = () => apply(null);
        // A session that can no longer be renewed is over: drop it rather than keep calling
        // the API with a dead token.
        const onRenewFailed = () => void manager.removeUser();
        manager.events.addUserLoaded(onLoaded);
        manager.events.addUserUnloaded(onUnloaded);
        manager.events.addUserSignedOut(onUnloaded);
        manager.events.addSilentRenewError(onRenewFailed);
        unsubscribe = () => {
          manager.events.removeUserLoaded(onLoaded);
          manager.events.removeUserUnloaded(onUnloaded);
          manager.events.removeUserSignedOut(onUnloaded);
          manager.events.removeSilentRenewError(onRenewFailed);
          manager.stopSilentRenew();
        };

        const stored = await manager.getUser().catch(() => null);
        if (cancelled) return;
        if (stored?.expired) {
          // The refresh token may still be good; if not, the stale session is dropped.
          await manager.signinSilent().catch(() => manager.removeUser());
        } else {
          apply(stored);
        }
        if (!cancelled) setUserManager(manager);
      })
      .catch((error: unknown) => {
        // The sign-in code could not load (a deploy replaced it) or the stored session is
        // unreadable: say sign-in is unavailable instead of spinning for ever.
        console.error(error);
        if (!cancelled) setFailed(true);
      });

    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [config.data, createUserManager]);

  const value = useMemo<AuthState>(
    () => ({
      status: config.isError || failed ? 'unavailable' : userManager ? 'ready' : 'loading',
      config: config.data,
      userManager,
      user,
      leaving,
      setLeaving,
    }),
    [config.isError, failed, config.data, userManager, user, leaving],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

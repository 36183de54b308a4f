import type { AuthConfig } from '@ccap/contracts';
import type { User, UserManager } from 'oidc-client-ts';
import { createContext, useContext } from 'react';

export interface AuthState {
  /** loading: the configuration or stored session is still being read; unavailable: it failed. */
  status: 'loading' | 'ready' | 'unavailable';
  config: AuthConfig | undefined;
  userManager: UserManager | undefined;
  /** The signed-in user with a live session, or null. */
  user: User | null;
  /** True while the browser is on its way to the identity provider to sign out. */
  leaving: boolean;
  setLeaving: (leaving: boolean) => void;
}

export const AuthContext = createContext<AuthState>({
  status: 'loading',
  config: undefined,
  userManager: undefined,
  user: null,
  leaving: false,
  setLeaving: () => undefined,
});

export const useAuth = () => useContext(AuthContext);

/** The display name the id token carries, for the lock screen and header. */
export function displayNameOf(user: User | null): string | undefined {
  const name = user?.profile.name;
  return typeof name === 'string' && name ? name : undefined;
}

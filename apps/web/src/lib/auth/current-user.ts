import type { CurrentUser } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { queryKeys } from '../query-keys';
import { useAuth } from './auth-context';

export const getCurrentUser = (signal?: AbortSignal) => apiRequest<CurrentUser>('User/me', { signal });

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.currentUser(), queryFn: ({ signal }) => getCurrentUser(signal) });

/** The signed-in user as the portal knows them (roles, counties, settings); idle when signed out. */
export function useCurrentUser() {
  const { user } = useAuth();
  return useQuery({ ...currentUserQueryOptions(), enabled: Boolean(user) });
}

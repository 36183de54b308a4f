import type { AuthConfig } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { queryKeys } from '@/lib/query-keys';

export const getAuthConfig = (signal?: AbortSignal) => apiRequest<AuthConfig>('Auth/config', { signal });

export const authConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.authConfig(),
    queryFn: ({ signal }) => getAuthConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Which identity provider the app signs in with, and the idle-timeout policy. */
export const useAuthConfig = () => useQuery(authConfigQueryOptions());

import type { ApiKeyList } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getApiKeys = (signal?: AbortSignal) => apiRequest<ApiKeyList>('Admin/api-keys', { signal });

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.apiKeys(),
    queryFn: ({ signal }) => getApiKeys(signal),
    select: (answer) => answer.data,
  });

/** The integration API's keys, newest first, with their state and last use. */
export const useApiKeys = () => useQuery(apiKeysQueryOptions());

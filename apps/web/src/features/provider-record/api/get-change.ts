import type { ProviderChange } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const changeQueryOptions = (changeId: number) =>
  queryOptions({
    queryKey: queryKeys.providerRecord.change(changeId),
    queryFn: ({ signal }) => apiRequest<ProviderChange>(`ProviderRecord/changes/${changeId}`, { signal }),
  });

/** GET /api/ProviderRecord/changes/{changeId}: one change, what it changes from what to what. */
export const useChange = (changeId: number) => useQuery(changeQueryOptions(changeId));

import type { ProviderChangeList } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const changesQueryOptions = (applicationId: number) =>
  queryOptions({
    queryKey: queryKeys.providerRecord.changes(applicationId),
    queryFn: ({ signal }) => apiRequest<ProviderChangeList>(`ProviderRecord/${applicationId}/changes`, { signal }),
  });

/** GET /api/ProviderRecord/{applicationId}/changes: the changes reported on a record, newest first. */
export const useChanges = (applicationId: number) => useQuery(changesQueryOptions(applicationId));

import type { StaffChangeQueryInput, StaffChangeQueue } from '@ccap/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toSearch } from './get-queue';

export const changeQueueQueryOptions = (query: StaffChangeQueryInput) =>
  queryOptions({
    queryKey: queryKeys.providerRecord.staffChanges(query),
    queryFn: ({ signal }) => apiRequest<StaffChangeQueue>(`Staff/changes?${toSearch(query)}`, { signal }),
    // The table keeps its rows while the next page or sort loads.
    placeholderData: keepPreviousData,
  });

/** GET /api/Staff/changes: one page of the queue's reported changes. */
export const useChangeQueue = (query: StaffChangeQueryInput) => useQuery(changeQueueQueryOptions(query));

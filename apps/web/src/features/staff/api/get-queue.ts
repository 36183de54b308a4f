import type { StaffQueueQueryInput, StaffQueueResponse } from '@ccap/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A queue's query as a query string, empty filters left out. */
export const toSearch = (query: object) =>
  new URLSearchParams(
    Object.entries(query).flatMap(([key, value]) =>
      value === undefined || value === '' ? [] : [[key, `${value as string | number}`]],
    ),
  ).toString();

export const getQueue = (query: StaffQueueQueryInput, signal?: AbortSignal) =>
  apiRequest<StaffQueueResponse>(`Staff/applications?${toSearch(query)}`, { signal });

export const queueQueryOptions = (query: StaffQueueQueryInput) =>
  queryOptions({
    queryKey: queryKeys.staff.queuePage(query),
    queryFn: ({ signal }) => getQueue(query, signal),
    // The table keeps its rows while the next page or sort loads.
    placeholderData: keepPreviousData,
  });

/** GET /api/Staff/applications: one page of the review queue. */
export const useQueue = (query: StaffQueueQueryInput) => useQuery(queueQueryOptions(query));

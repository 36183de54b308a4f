import type { LookupResponse } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getLookups = (signal?: AbortSignal) => apiRequest<LookupResponse>('Lookup/get-lookups', { signal });

/** Lookups change rarely: fetched once per visit and kept, one cache entry for every feature. */
export const lookupsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.lookups(),
    queryFn: ({ signal }) => getLookups(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** GET /api/Lookup/get-lookups: counties, provider types, languages and the labels of answers. */
export const useLookups = () => useQuery(lookupsQueryOptions());

import type { LookupResponse } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The same cache entry as the wizard's: lookups are fetched once per visit. */
export const lookupsQueryOptions = () =>
  queryOptions({
    queryKey: ['lookups'],
    queryFn: ({ signal }) => apiRequest<LookupResponse>('Lookup/get-lookups', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** GET /api/Lookup/get-lookups: labels for the answers on the review page. */
export const useLookups = () => useQuery(lookupsQueryOptions());

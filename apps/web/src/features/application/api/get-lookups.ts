import type { LookupResponse } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const getLookups = (signal?: AbortSignal) => apiRequest<LookupResponse>('Lookup/get-lookups', { signal });

/** Lookups change rarely: fetched once per visit and kept. */
export const lookupsQueryOptions = () =>
  queryOptions({
    queryKey: ['lookups'],
    queryFn: ({ signal }) => getLookups(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useLookups = () => useQuery(lookupsQueryOptions());

// Shared with the staff review page, which shows the same answers.
export { lookupsOf } from '@/components/application/lookup-labels';

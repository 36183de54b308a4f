import type { LookupItem, LookupResponse, LookupType } from '@ccap/contracts';
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

/** The items of one lookup type, optionally only the children of one parent. */
export function lookupsOf(items: LookupItem[], type: LookupType, parentCode?: string): LookupItem[] {
  const parent = parentCode ? items.find((item) => item.code === parentCode) : undefined;
  return items.filter(
    (item) => item.lookupType === type && (parentCode === undefined || item.parentLookupId === parent?.lookupId),
  );
}

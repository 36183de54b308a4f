import type { ProviderSearchCriteria, ProviderSearchResponse } from '@ccap/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const searchProviders = (criteria: ProviderSearchCriteria, signal?: AbortSignal) =>
  apiRequest<ProviderSearchResponse>('Providers', { method: 'POST', body: criteria, signal });

export const providerSearchQueryOptions = (criteria: ProviderSearchCriteria) =>
  queryOptions({
    queryKey: queryKeys.providers.search(criteria),
    queryFn: ({ signal }) => searchProviders(criteria, signal),
    staleTime: 60_000,
    retry: false,
  });

/** The search for the criteria in the URL; nothing is fetched before the first search. */
export const useProviderSearch = (criteria: ProviderSearchCriteria | undefined) =>
  useQuery({
    ...providerSearchQueryOptions(criteria ?? {}),
    enabled: criteria !== undefined,
    placeholderData: keepPreviousData,
  });

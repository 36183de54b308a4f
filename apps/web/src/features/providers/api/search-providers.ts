import type { ProviderSearchCriteria, ProviderSearchResponse } from '@ccap/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const searchProviders = (criteria: ProviderSearchCriteria, signal?: AbortSignal) =>
  apiRequest<ProviderSearchResponse>('Providers', { method: 'POST', body: criteria, signal });

/**
 * The search's pages: the first from the URL's criteria, each next one from `skip`, the number
 * already loaded, until every provider matching (the answer's `count`) is.
 */
export const providerSearchQueryOptions = (criteria: ProviderSearchCriteria) =>
  infiniteQueryOptions({
    queryKey: queryKeys.providers.search(criteria),
    queryFn: ({ signal, pageParam }) =>
      searchProviders(pageParam === 0 ? criteria : { ...criteria, skip: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.value.length, 0);
      return last.value.length > 0 && loaded < last.count ? loaded : undefined;
    },
    staleTime: 60_000,
    retry: false,
  });

/** The search for the criteria in the URL; nothing is fetched before the first search. */
export const useProviderSearch = (criteria: ProviderSearchCriteria | undefined) =>
  useInfiniteQuery({
    ...providerSearchQueryOptions(criteria ?? {}),
    enabled: criteria !== undefined,
    placeholderData: keepPreviousData,
  });

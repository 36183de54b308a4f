import type { ProviderCity, ProviderSearchSettings } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getProviderSearchSettings = (signal?: AbortSignal) =>
  apiRequest<ProviderSearchSettings>('Providers/settings', { signal });
export const getProviderCities = (signal?: AbortSignal) =>
  apiRequest<{ value: ProviderCity[] }>('Providers/cities', { signal });

/** Map tiles and the demonstration-data flag: read once per visit. */
export const providerSearchSettingsQuery = () =>
  queryOptions({
    queryKey: queryKeys.providers.settings(),
    queryFn: ({ signal }) => getProviderSearchSettings(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useProviderSearchSettings = () => useQuery(providerSearchSettingsQuery());

/**
 * The state's cities for "near this city": some thousand, fetched and rendered only once the
 * filters that hold them are opened (`enabled`), so a page that starts with the one search box
 * never builds their options.
 */
export const useProviderCities = (enabled = true) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.providers.cities(),
      queryFn: ({ signal }) => getProviderCities(signal),
      staleTime: Number.POSITIVE_INFINITY,
      enabled,
    }),
  );

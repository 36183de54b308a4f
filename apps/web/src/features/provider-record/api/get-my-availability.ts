import type { MyAvailability } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const myAvailabilityQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.myAvailability(),
    queryFn: ({ signal }) => apiRequest<MyAvailability>('ProviderRecord/availability/mine', { signal }),
  });

/** GET /api/ProviderRecord/availability/mine: the approved provider's closures and openings, or null. */
export const useMyAvailability = () => useQuery(myAvailabilityQueryOptions());

import type { Availability } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const availabilityQueryOptions = (applicationId: number) =>
  queryOptions({
    queryKey: queryKeys.providerRecord.availability(applicationId),
    queryFn: ({ signal }) => apiRequest<Availability>(`ProviderRecord/${applicationId}/availability`, { signal }),
  });

/** GET /api/ProviderRecord/{applicationId}/availability: an approved provider's closures and openings. */
export const useAvailability = (applicationId: number) => useQuery(availabilityQueryOptions(applicationId));

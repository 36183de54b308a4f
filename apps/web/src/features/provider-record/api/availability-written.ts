import type { Availability } from '@ccap/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * After a write the answer is the provider's availability as it now stands: the page shows it
 * at once, and any provider search read before is stale (a closure or openings changed it).
 */
export function availabilityWritten(queryClient: QueryClient, availability: Availability) {
  queryClient.setQueryData(queryKeys.myAvailability(), { availability });
  return queryClient.invalidateQueries({ queryKey: queryKeys.providers.searches() });
}

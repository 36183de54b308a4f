import type { StaffStatistics } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const statisticsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.staff.statistics(),
    queryFn: ({ signal }) => apiRequest<StaffStatistics>('Staff/statistics', { signal }),
  });

/** GET /api/Staff/statistics: counts and the median days to a decision. */
export const useStatistics = () => useQuery(statisticsQueryOptions());

import type { DashboardResponse } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.dashboard(),
    queryFn: ({ signal }) => apiRequest<DashboardResponse>('Dashboard/get-dashboard', { signal }),
  });

/** GET /api/Dashboard/get-dashboard: the signed-in user's application, documents and RFIs. */
export const useDashboard = () => useQuery(dashboardQueryOptions());

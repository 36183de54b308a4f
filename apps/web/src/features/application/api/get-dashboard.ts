import type { DashboardResponse } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => apiRequest<DashboardResponse>('Dashboard/get-dashboard', { signal }),
  });

/** GET /api/Dashboard/get-dashboard: the signed-in user's application, documents and RFIs. */
export const useDashboard = () => useQuery(dashboardQueryOptions());

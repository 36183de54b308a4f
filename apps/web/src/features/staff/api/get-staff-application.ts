import type { StaffApplication } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const staffApplicationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.staff.application(id),
    queryFn: ({ signal }) => apiRequest<StaffApplication>(`Staff/applications/${id}`, { signal }),
    retry: (count, error) => count < 2 && !('status' in error && error.status === 404),
  });

/** GET /api/Staff/applications/{id}: answers, documents, history, audit trail and version. */
export const useStaffApplication = (id: number) => useQuery(staffApplicationQueryOptions(id));

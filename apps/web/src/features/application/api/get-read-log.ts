import type { ApplicationReadLog } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const readLogQueryOptions = (applicationId: number) =>
  queryOptions({
    queryKey: queryKeys.applicationReads(applicationId),
    queryFn: ({ signal }) => apiRequest<ApplicationReadLog>(`Application/${applicationId}/reads`, { signal }),
  });

/** GET /api/Application/{id}/reads: who at the agency opened the caller's application, newest first. */
export const useReadLog = (applicationId: number) => useQuery(readLogQueryOptions(applicationId));

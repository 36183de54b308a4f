import type { RfiPermissions } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Which side of the RFI page the signed-in user is on: the county's staff, or the applicant. */
export const getRfiPermissions = (applicationId: number, signal?: AbortSignal) =>
  apiRequest<RfiPermissions>(`Rfi/${applicationId}/permissions`, { signal });

export const rfiPermissionsQueryOptions = (applicationId: number) =>
  queryOptions({
    queryKey: queryKeys.rfi.permissions(applicationId),
    queryFn: ({ signal }) => getRfiPermissions(applicationId, signal),
  });

export const useRfiPermissions = (applicationId: number) => useQuery(rfiPermissionsQueryOptions(applicationId));

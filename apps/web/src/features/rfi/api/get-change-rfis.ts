import type { Rfi, RfiChangePermissions } from '@ccap/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET Rfi/changes/{changeId}: a reported change's RFIs, newest first. */
export const changeRfisQueryOptions = (changeId: number) =>
  queryOptions({
    queryKey: queryKeys.rfi.changeList(changeId),
    queryFn: ({ signal }) => apiRequest<Rfi[]>(`Rfi/changes/${changeId}`, { signal }),
  });

/** Which side of a change's RFIs the signed-in user is on. */
export const changeRfiPermissionsQueryOptions = (changeId: number) =>
  queryOptions({
    queryKey: queryKeys.rfi.changePermissions(changeId),
    queryFn: ({ signal }) => apiRequest<RfiChangePermissions>(`Rfi/changes/${changeId}/permissions`, { signal }),
  });

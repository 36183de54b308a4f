import type { Rfi } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Spec section 7: GET Rfi/{applicationId}, newest first. */
export const getRfis = (applicationId: number, signal?: AbortSignal) =>
  apiRequest<Rfi[]>(`Rfi/${applicationId}`, { signal });

export const rfisQueryOptions = (applicationId: number) =>
  queryOptions({
    queryKey: queryKeys.rfi.list(applicationId),
    queryFn: ({ signal }) => getRfis(applicationId, signal),
  });

export const useRfis = (applicationId: number) => useQuery(rfisQueryOptions(applicationId));

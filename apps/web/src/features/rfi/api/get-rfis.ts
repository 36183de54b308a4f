import type { Rfi } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const rfisQueryKey = (applicationId: number) => ['rfi', applicationId, 'list'] as const;

/** Spec section 7: GET Rfi/{applicationId}, newest first. */
export const getRfis = (applicationId: number, signal?: AbortSignal) =>
  apiRequest<Rfi[]>(`Rfi/${applicationId}`, { signal });

export const rfisQueryOptions = (applicationId: number) =>
  queryOptions({ queryKey: rfisQueryKey(applicationId), queryFn: ({ signal }) => getRfis(applicationId, signal) });

export const useRfis = (applicationId: number) => useQuery(rfisQueryOptions(applicationId));

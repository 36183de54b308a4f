import type { ExpiringQueue, MyRecordCredentials, RecordCredentials } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/ProviderRecord/credentials: the caller's record's credentials and their states (ADR 115). */
export const myCredentialsQueryOptions = () =>
  queryOptions({
    queryKey: ['credentials', 'mine'] as const,
    queryFn: ({ signal }) => apiRequest<MyRecordCredentials>('ProviderRecord/credentials', { signal }),
  });
export const useMyCredentials = (enabled = true) => useQuery({ ...myCredentialsQueryOptions(), enabled });

/** GET /api/ProviderRecord/{applicationId}/credentials: a record's credentials (its provider, county staff). */
export const useRecordCredentials = (applicationId: number) =>
  useQuery({
    queryKey: ['credentials', 'record', applicationId] as const,
    queryFn: ({ signal }) => apiRequest<RecordCredentials>(`ProviderRecord/${applicationId}/credentials`, { signal }),
  });

/** GET /api/Staff/expiring: the staff's "expiring soon" records (ADR 116). */
export const useExpiringQueue = () =>
  useQuery({
    queryKey: ['credentials', 'expiring'] as const,
    queryFn: ({ signal }) => apiRequest<ExpiringQueue>('Staff/expiring', { signal }),
  });

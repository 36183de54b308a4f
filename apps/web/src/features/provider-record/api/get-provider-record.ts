import type { ProviderRecordView } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const providerRecordQueryOptions = (applicationId: number, on: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.providerRecord.staffRecord(applicationId, on),
    queryFn: ({ signal }) =>
      apiRequest<ProviderRecordView>(`ProviderRecord/${applicationId}${on ? `?on=${encodeURIComponent(on)}` : ''}`, {
        signal,
      }),
    // Another day keeps the page as it is until that day's version is in.
    placeholderData: (previous) => previous,
  });

/** GET /api/ProviderRecord/{applicationId}: a provider's record as it was on `on` (today without it). */
export const useProviderRecord = (applicationId: number, on: string | undefined) =>
  useQuery(providerRecordQueryOptions(applicationId, on));

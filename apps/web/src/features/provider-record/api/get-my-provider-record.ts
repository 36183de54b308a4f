import type { MyProviderRecord } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const myProviderRecordQueryOptions = (on?: string) =>
  queryOptions({
    queryKey: queryKeys.providerRecord.mine(on),
    queryFn: ({ signal }) =>
      apiRequest<MyProviderRecord>(on ? `ProviderRecord?on=${encodeURIComponent(on)}` : 'ProviderRecord', { signal }),
    // Another day keeps the page as it is until that day's version is in.
    placeholderData: (previous) => previous,
  });

/** GET /api/ProviderRecord: the signed-in provider's record as it was on `on` (today without it), or null. */
export const useMyProviderRecord = (on?: string) => useQuery(myProviderRecordQueryOptions(on));

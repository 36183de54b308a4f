import type { ChangeStatus, ProviderChangeList } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const staffChangesQueryOptions = (status: ChangeStatus | undefined) =>
  queryOptions({
    queryKey: queryKeys.providerRecord.staffChanges(status),
    queryFn: ({ signal }) =>
      apiRequest<ProviderChangeList>(status ? `Staff/changes?status=${status}` : 'Staff/changes', { signal }),
  });

/** GET /api/Staff/changes: the reported changes of the caller's counties. */
export const useStaffChanges = (status: ChangeStatus | undefined) => useQuery(staffChangesQueryOptions(status));

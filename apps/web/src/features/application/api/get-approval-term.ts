import type { MyApprovalTerm } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const approvalTermQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.providerRecord.approval(),
    queryFn: ({ signal }) => apiRequest<MyApprovalTerm>('ProviderRecord/approval', { signal }),
  });

/** GET /api/ProviderRecord/approval: the signed-in provider's approval term, or null before an approval. */
export const useApprovalTerm = (enabled: boolean) => useQuery({ ...approvalTermQueryOptions(), enabled });

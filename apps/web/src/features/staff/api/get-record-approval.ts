import type { ApprovalTerm } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const recordApprovalQueryOptions = (applicationId: number) =>
  queryOptions({
    queryKey: queryKeys.staff.recordApproval(applicationId),
    queryFn: ({ signal }) => apiRequest<ApprovalTerm>(`ProviderRecord/${applicationId}/approval`, { signal }),
  });

/** GET /api/ProviderRecord/{applicationId}/approval: an approved provider's approval term (ADR 107). */
export const useRecordApproval = (applicationId: number) => useQuery(recordApprovalQueryOptions(applicationId));

import type { AuditSearchQueryInput, AuditSearchResponse } from '@ccap/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const toSearch = (query: AuditSearchQueryInput) =>
  new URLSearchParams(
    Object.entries(query).flatMap(([key, value]) =>
      value === undefined || value === '' ? [] : [[key, `${value as string | number}`]],
    ),
  ).toString();

export const auditSearchQueryOptions = (query: AuditSearchQueryInput) =>
  queryOptions({
    queryKey: queryKeys.staff.audit(query),
    queryFn: ({ signal }) => apiRequest<AuditSearchResponse>(`Staff/audit?${toSearch(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/Staff/audit (administrators): the audit trail, searched. */
export const useAuditSearch = (query: AuditSearchQueryInput) => useQuery(auditSearchQueryOptions(query));

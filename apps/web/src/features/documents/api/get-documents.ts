import type { RequiredDocument } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const documentsQueryOptions = (applicationId: number) =>
  queryOptions({
    queryKey: queryKeys.documents(applicationId),
    queryFn: ({ signal }) => apiRequest<RequiredDocument[]>(`Application/${applicationId}/documents`, { signal }),
  });

/** GET /api/Application/{id}/documents: the documents the application needs, and which are in. */
export const useDocuments = (applicationId: number) => useQuery(documentsQueryOptions(applicationId));

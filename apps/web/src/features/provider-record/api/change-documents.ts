import type { ChangeDocumentFile, ChangeDocuments, ChangeDocumentUpload } from '@ccap/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const key = (changeId: number) => [...queryKeys.providerRecord.change(changeId), 'documents'] as const;

export const changeDocumentsQueryOptions = (changeId: number) =>
  queryOptions({
    queryKey: key(changeId),
    queryFn: ({ signal }) => apiRequest<ChangeDocuments>(`ProviderRecord/changes/${changeId}/documents`, { signal }),
  });

/** GET /api/ProviderRecord/changes/{changeId}/documents: what the change needs and the files sent. */
export const useChangeDocuments = (changeId: number) => useQuery(changeDocumentsQueryOptions(changeId));

/** Uploads one file for a needed document, or deletes one: the list answered replaces the cached one. */
export function useChangeDocumentWrites(changeId: number) {
  const queryClient = useQueryClient();
  const onSuccess = (documents: ChangeDocuments) => queryClient.setQueryData(key(changeId), documents);
  const upload = useMutation({
    mutationFn: (body: ChangeDocumentUpload) =>
      apiRequest<ChangeDocuments>(`ProviderRecord/changes/${changeId}/documents`, { method: 'POST', body }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (file: ChangeDocumentFile) =>
      apiRequest<ChangeDocuments>(`ProviderRecord/changes/documents/${file.documentId}`, { method: 'DELETE' }),
    onSuccess,
  });
  return { upload, remove };
}

/** The file's bytes with the bearer token, saved under its name. */
export const downloadChangeDocument = (file: ChangeDocumentFile) =>
  apiDownload(file.url.replace(/^\/api\//, ''), file.fileName);

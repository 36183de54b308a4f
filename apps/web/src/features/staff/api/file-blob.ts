import { useQuery } from '@tanstack/react-query';
import { apiBlob } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A document's file as a blob, to show a PDF or an image in the page (the token cannot ride a link). */
export const useDocumentBlob = (applicationId: number, documentId: number | undefined) =>
  useQuery({
    queryKey: queryKeys.staff.documentFile(applicationId, documentId),
    queryFn: () => apiBlob(`Application/${applicationId}/documents/${documentId}/file`),
    enabled: documentId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });

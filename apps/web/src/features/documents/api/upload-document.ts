import type { RequiredDocument } from '@ccap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chosenNameOf } from '@/components/ui/upload-widget';
import { apiUpload } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface UploadDocumentInput {
  applicationId: number;
  documentId: number;
  file: File;
  onProgress?: (fraction: number) => void;
}

/**
 * POST /api/Application/{id}/documents/{documentId}/file: the file streamed as multipart, so
 * memory stays flat on both sides whatever its size, with progress for the bar.
 */
export const uploadDocument = ({ applicationId, documentId, file, onProgress }: UploadDocumentInput) => {
  const form = new FormData();
  // The name the person gave the file, not the widget's suffixed one: it is the name shown.
  form.append('file', file, chosenNameOf(file));
  return apiUpload<RequiredDocument>(`Application/${applicationId}/documents/${documentId}/file`, form, onProgress);
};

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: async (_document, { applicationId }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.documents(applicationId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() });
    },
  });
}

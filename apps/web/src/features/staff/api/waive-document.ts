import type { StaffDocument, WaiveDocument } from '@ccap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const waiveDocument = (id: number, documentId: number, body: WaiveDocument) =>
  apiRequest<StaffDocument>(`Staff/applications/${id}/documents/${documentId}/waive`, { method: 'POST', body });

/** Waives a required document, with the reason. */
export function useWaiveDocument(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, ...body }: WaiveDocument & { documentId: number }) =>
      waiveDocument(id, documentId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff.application(id) }),
  });
}

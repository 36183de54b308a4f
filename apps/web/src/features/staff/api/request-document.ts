import type { RequestDocument, StaffDocument } from '@ccap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const requestDocument = (id: number, body: RequestDocument) =>
  apiRequest<StaffDocument>(`Staff/applications/${id}/documents`, { method: 'POST', body });

/** Asks the applicant for one more document. */
export function useRequestDocument(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestDocument) => requestDocument(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff.application(id) }),
  });
}

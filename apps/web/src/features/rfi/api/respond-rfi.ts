import type { RespondRfiRequest, Rfi } from '@ccap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateRfis } from './invalidate-rfis';

/** The applicant's answer to a pending RFI: a comment, a file, or both. */
export const respondRfi = (body: RespondRfiRequest) => apiRequest<Rfi>('rfi/RespondRfi', { method: 'POST', body });

export function useRespondRfi(applicationId: number, changeId?: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: respondRfi, onSuccess: () => invalidateRfis(queryClient, applicationId, changeId) });
}

import type { Rfi } from '@ccap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateRfis } from './invalidate-rfis';

/** Staff of the county close a pending RFI. */
export const completeRfi = (rfiId: number) => apiRequest<Rfi>('rfi/CompleteRfi', { method: 'POST', body: { rfiId } });

export function useCompleteRfi(applicationId: number, changeId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeRfi,
    onSuccess: () => invalidateRfis(queryClient, applicationId, changeId),
  });
}

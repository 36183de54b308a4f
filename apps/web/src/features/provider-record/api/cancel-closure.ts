import type { Availability } from '@ccap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { availabilityWritten } from './availability-written';

export const cancelClosure = (applicationId: number, closureId: number) =>
  apiRequest<Availability>(`ProviderRecord/${applicationId}/closures/${closureId}/cancel`, { method: 'POST' });

/** POST /api/ProviderRecord/{applicationId}/closures/{closureId}/cancel; a refusal reloads the list. */
export function useCancelClosure(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (closureId: number) => cancelClosure(applicationId, closureId),
    onSuccess: (availability) => availabilityWritten(queryClient, availability),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.myAvailability() }),
  });
}

import type { Availability, OpeningsInput } from '@ccap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { availabilityWritten } from './availability-written';

export const saveOpenings = (applicationId: number, body: OpeningsInput) =>
  apiRequest<Availability>(`ProviderRecord/${applicationId}/openings`, { method: 'PUT', body });

/** PUT /api/ProviderRecord/{applicationId}/openings. */
export function useSaveOpenings(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpeningsInput) => saveOpenings(applicationId, body),
    onSuccess: (availability) => availabilityWritten(queryClient, availability),
  });
}

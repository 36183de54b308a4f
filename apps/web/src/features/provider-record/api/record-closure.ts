import type { Availability, ParsedClosureInput } from '@ccap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { availabilityWritten } from './availability-written';

export const recordClosure = (applicationId: number, body: ParsedClosureInput) =>
  apiRequest<Availability>(`ProviderRecord/${applicationId}/closures`, { method: 'POST', body });

/** POST /api/ProviderRecord/{applicationId}/closures. */
export function useRecordClosure(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ParsedClosureInput) => recordClosure(applicationId, body),
    onSuccess: (availability) => availabilityWritten(queryClient, availability),
  });
}

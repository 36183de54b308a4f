import type { CreateRfiRequest, CreateRfiResponse } from '@ccap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateRfis } from './invalidate-rfis';

/** Spec section 7: POST rfi/CreateRfi with the create payload; answers the new RFI's id. */
export const createRfi = (body: CreateRfiRequest) =>
  apiRequest<CreateRfiResponse>('rfi/CreateRfi', { method: 'POST', body });

export function useCreateRfi(applicationId: number, changeId?: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createRfi, onSuccess: () => invalidateRfis(queryClient, applicationId, changeId) });
}

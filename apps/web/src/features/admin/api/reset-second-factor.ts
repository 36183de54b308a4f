import type { ResetSecondFactorRequest, ResetSecondFactorResponse } from '@ccap/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const resetSecondFactor = (body: ResetSecondFactorRequest) =>
  apiRequest<ResetSecondFactorResponse>('Admin/reset-second-factor', { method: 'POST', body });

/** Clears a staff member's second factor: they set up a new authenticator at their next sign-in. */
export const useResetSecondFactor = () => useMutation({ mutationFn: resetSecondFactor });

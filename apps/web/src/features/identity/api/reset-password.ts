import type { PasswordResetResponse, ResetPasswordRequest } from '@ccap/contracts';
import { useMutation } from '@tanstack/react-query';
import { idpRequest } from '@/lib/api-client';

export const resetPassword = (body: ResetPasswordRequest) =>
  idpRequest<PasswordResetResponse>('account/reset-password', { method: 'POST', body });

/** Sets a new password with the emailed token (invalid-token or weak-password otherwise). */
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

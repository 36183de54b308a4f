import type { CheckEmailResponse, ForgotPasswordRequest } from '@ccap/contracts';
import { useMutation } from '@tanstack/react-query';
import { idpRequest } from '@/lib/api-client';

export const forgotPassword = (body: ForgotPasswordRequest) =>
  idpRequest<CheckEmailResponse>('account/forgot-password', { method: 'POST', body });

/** Always answers "check your email", whether or not the address has an account. */
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });

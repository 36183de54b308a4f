import type { CheckEmailResponse, RegisterRequest } from '@ccap/contracts';
import { useMutation } from '@tanstack/react-query';
import { idpRequest } from '@/lib/api-client';

/** uid: the sign-in attempt the user came from, so confirming the email can carry on with it. */
export type RegisterInput = RegisterRequest & { uid?: string };

export const register = (body: RegisterInput) =>
  idpRequest<CheckEmailResponse>('account/register', { method: 'POST', body });

/** Always answers "check your email", whether or not the address already has an account. */
export const useRegister = () => useMutation({ mutationFn: register });

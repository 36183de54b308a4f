import type { SignInAnswer, SignInRequest } from '@ccap/contracts';
import { useMutation } from '@tanstack/react-query';
import { idpRequest } from '@/lib/api-client';

export const signIn = ({ uid, ...body }: SignInRequest & { uid: string }) =>
  idpRequest<SignInAnswer>(`interaction/${encodeURIComponent(uid)}/login`, { method: 'POST', body });

/** Checks the email and password for a sign-in attempt; the answer says where to go next. */
export const useSignIn = () => useMutation({ mutationFn: signIn });

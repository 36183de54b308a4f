import type { InteractionRedirect } from '@ccap/contracts';
import { useMutation } from '@tanstack/react-query';
import { idpRequest } from '@/lib/api-client';

export const abortInteraction = (uid: string) =>
  idpRequest<InteractionRedirect>(`interaction/${encodeURIComponent(uid)}/abort`, { method: 'POST' });

/** Cancels the sign-in attempt; the identity provider answers with where to send the browser. */
export const useAbortInteraction = () => useMutation({ mutationFn: abortInteraction });

import type { InteractionRedirect, SecondFactorEnrolled, SecondFactorEnrolment } from '@ccap/contracts';
import { useMutation } from '@tanstack/react-query';
import { idpRequest } from '@/lib/api-client';

const path = (uid: string, rest: string) => `interaction/${encodeURIComponent(uid)}/second-factor${rest}`;

/** A new authenticator secret for the sign-in attempt's account (staff without one). */
export const startEnrolment = (uid: string) =>
  idpRequest<SecondFactorEnrolment>(path(uid, '/enrolment'), { method: 'POST' });

export const confirmEnrolment = ({ uid, code }: { uid: string; code: string }) =>
  idpRequest<SecondFactorEnrolled>(path(uid, '/enrolment/confirm'), { method: 'POST', body: { code } });

export const verifySecondFactor = ({ uid, code }: { uid: string; code: string }) =>
  idpRequest<InteractionRedirect>(path(uid, ''), { method: 'POST', body: { code } });

export const useStartEnrolment = () => useMutation({ mutationFn: startEnrolment });
export const useConfirmEnrolment = () => useMutation({ mutationFn: confirmEnrolment });
/** Checks the code of the sign-in's second step; the answer says where to go next. */
export const useVerifySecondFactor = () => useMutation({ mutationFn: verifySecondFactor });

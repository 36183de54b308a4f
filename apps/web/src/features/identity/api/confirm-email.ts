import type { AccountConfirmedResponse } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { idpRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const confirmEmail = (token: string) =>
  idpRequest<AccountConfirmedResponse>('account/confirm', { method: 'POST', body: { token } });

/**
 * Confirming runs when the emailed link is opened. It is a query, not a mutation, so the one
 * request is shared however often the page renders: the token only works once.
 */
export const confirmEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.idp.confirmEmail(token),
    queryFn: () => confirmEmail(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export const useConfirmEmail = (token: string | null) =>
  useQuery({ ...confirmEmailQueryOptions(token ?? ''), enabled: Boolean(token) });

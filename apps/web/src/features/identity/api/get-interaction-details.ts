import type { InteractionDetails } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { idpRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getInteractionDetails = (uid: string, signal?: AbortSignal) =>
  idpRequest<InteractionDetails>(`interaction/${encodeURIComponent(uid)}/details`, { signal });

export const interactionDetailsQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: queryKeys.idp.interaction(uid),
    queryFn: ({ signal }) => getInteractionDetails(uid, signal),
    retry: false,
    staleTime: 0,
  });

/** The sign-in attempt the identity provider sent the browser here for (410 once expired). */
export const useInteractionDetails = (uid: string | undefined) =>
  useQuery({ ...interactionDetailsQueryOptions(uid ?? ''), enabled: Boolean(uid) });

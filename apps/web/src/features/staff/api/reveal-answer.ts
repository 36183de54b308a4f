import type { RevealRequest, RevealResponse } from '@ccap/contracts';
import { apiRequest } from '@/lib/api-client';

/**
 * One protected answer in clear, with the reason (audited by the API). Called directly, not
 * through TanStack Query: the value lives in the page's state for this view only, never in a
 * cache that outlives it.
 */
export const revealAnswer = (id: number, body: RevealRequest) =>
  apiRequest<RevealResponse>(`Staff/applications/${id}/reveal`, { method: 'POST', body });

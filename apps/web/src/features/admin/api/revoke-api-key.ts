import type { ApiKey } from '@ccap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const revokeApiKey = (id: string) =>
  apiRequest<ApiKey>(`Admin/api-keys/${encodeURIComponent(id)}/revoke`, { method: 'POST' });

/** Revokes a key for good: its next call is refused. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.apiKeys() }),
  });
}

import type { CreateApiKeyRequest, CreatedApiKey } from '@ccap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const createApiKey = (body: CreateApiKeyRequest) =>
  apiRequest<CreatedApiKey>('Admin/api-keys', { method: 'POST', body });

/** Creates a key; its secret is in this answer only, never cached in the key list. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.apiKeys() }),
  });
}

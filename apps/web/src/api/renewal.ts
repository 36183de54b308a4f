import type { MyRenewal, StartRenewalResponse } from '@ccap/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/ProviderRecord/renewal: where the signed-in provider's renewal stands, or null without a record. */
export const useMyRenewal = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.providerRecord.renewal(),
    queryFn: ({ signal }) => apiRequest<MyRenewal>('ProviderRecord/renewal', { signal }),
    enabled,
  });

/** POST /api/ProviderRecord/renewal: the renewal draft, begun now or resumed. */
export function useStartRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<StartRenewalResponse>('ProviderRecord/renewal', { method: 'POST', body: {} }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.providerRecord.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.drafts() }),
      ]),
  });
}

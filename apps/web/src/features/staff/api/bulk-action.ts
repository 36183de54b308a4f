import type { BulkActionRequest, BulkActionResponse } from '@ccap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const bulkAction = (body: BulkActionRequest) =>
  apiRequest<BulkActionResponse>('Staff/bulk-actions', { method: 'POST', body });

/** POST /api/Staff/bulk-actions: one action on the chosen rows, or on all the filters match. */
export function useBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkAction,
    // Done or not, some rows may have moved: the queue is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff.queue() }),
  });
}

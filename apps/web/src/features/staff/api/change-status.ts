import type { ChangeStatusRequest, StaffChangeResponse } from '@ccap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const changeStatus = (id: number, body: ChangeStatusRequest) =>
  apiRequest<StaffChangeResponse>(`Staff/applications/${id}/status`, { method: 'POST', body });

/** Start review, approve, deny or withdraw; the page and the queue reload either way. */
export function useChangeStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeStatusRequest) => changeStatus(id, body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.staff.application(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.staff.queue() }),
        // The RFI thread on the review page: whether staff may still ask depends on the status.
        queryClient.invalidateQueries({ queryKey: queryKeys.rfi.all(id) }),
      ]),
  });
}

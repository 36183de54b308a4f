import type { AssignRequest, StaffChangeResponse } from '@ccap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const assignApplication = (id: number, body: AssignRequest) =>
  apiRequest<StaffChangeResponse>(`Staff/applications/${id}/assign`, { method: 'POST', body });

/** "Assign to me" (or give it back), on the version the caller saw. */
export function useAssignApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AssignRequest & { id: number }) => assignApplication(id, body),
    onSettled: (_data, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.staff.queue() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.staff.application(id) }),
      ]),
  });
}

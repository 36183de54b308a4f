import type { RevokeRoleRequest, StaffMember } from '@ccap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const revokeRole = (body: RevokeRoleRequest) =>
  apiRequest<StaffMember>('Admin/revoke-role', { method: 'POST', body });

/** Revokes a staff role; the last one going takes the person's counties with it (API rule). */
export function useRevokeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeRole,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.staff() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.currentUser() }),
      ]),
  });
}

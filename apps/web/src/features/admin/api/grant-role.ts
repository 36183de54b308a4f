import type { GrantRoleRequest, StaffMember } from '@ccap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const grantRole = (body: GrantRoleRequest) =>
  apiRequest<StaffMember>('Admin/grant-role', { method: 'POST', body });

/**
 * Grants a staff role (counties are added to any the person has). The staff list reloads;
 * so does the signed-in user, whose own roles may be the ones that changed.
 */
export function useGrantRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantRole,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.staff() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.currentUser() }),
      ]),
  });
}

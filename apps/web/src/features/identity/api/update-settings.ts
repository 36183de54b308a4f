import type { CurrentUser, UserSettings } from '@ccap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const updateSettings = (body: UserSettings) =>
  apiRequest<CurrentUser>('User/me/settings', { method: 'PUT', body });

/** Saves language and notification choices; the answer is the updated user. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.currentUser(), user),
  });
}

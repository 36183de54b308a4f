import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A notification marked read, all of them, or one dismissed for good. */
export const readNotification = (id: number) => apiRequest<null>(`Notifications/${id}/read`, { method: 'POST' });
export const readAllNotifications = () => apiRequest<null>('Notifications/read-all', { method: 'POST' });
export const dismissNotification = (id: number) => apiRequest<null>(`Notifications/${id}`, { method: 'DELETE' });

function useNotificationChange<T>(change: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all() }),
  });
}

export const useReadNotification = () => useNotificationChange(readNotification);
export const useReadAllNotifications = () => useNotificationChange(readAllNotifications);
export const useDismissNotification = () => useNotificationChange(dismissNotification);

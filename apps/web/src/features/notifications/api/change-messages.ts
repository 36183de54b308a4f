import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A message marked read, all of them, or one deleted. */
export const readMessage = (id: number) => apiRequest<null>(`Messages/${id}/read`, { method: 'POST' });
export const readAllMessages = () => apiRequest<null>('Messages/read-all', { method: 'POST' });
export const deleteMessage = (id: number) => apiRequest<null>(`Messages/${id}`, { method: 'DELETE' });

function useMessageChange<T>(change: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.messages.lists() }),
  });
}

export const useReadMessage = () => useMessageChange(readMessage);
export const useReadAllMessages = () => useMessageChange(readAllMessages);
export const useDeleteMessage = () => useMessageChange(deleteMessage);

import type { NotificationList } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How often the header looks for new items while the page is visible. */
export const INBOX_POLL_MS = 15_000;

export const getNotifications = (signal?: AbortSignal) =>
  apiRequest<NotificationList>('Notifications?limit=20', { signal });

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notifications.list(),
    queryFn: ({ signal }) => getNotifications(signal),
    refetchInterval: INBOX_POLL_MS,
  });

export const useNotifications = () => useQuery(notificationsQueryOptions());

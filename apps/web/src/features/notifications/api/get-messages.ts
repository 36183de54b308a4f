import type { MessageList } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { INBOX_POLL_MS } from './get-notifications';

export const getMessages = (limit: number, signal?: AbortSignal) =>
  apiRequest<MessageList>(`Messages?limit=${limit}`, { signal });

export const messagesQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: queryKeys.messages.list(limit),
    queryFn: ({ signal }) => getMessages(limit, signal),
    refetchInterval: INBOX_POLL_MS,
  });

export const useMessages = (limit: number) => useQuery(messagesQueryOptions(limit));

import type { Message } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getMessage = (id: number, signal?: AbortSignal) => apiRequest<Message>(`Messages/${id}`, { signal });

export const messageQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.messages.one(id), queryFn: ({ signal }) => getMessage(id, signal), retry: false });

export const useMessage = (id: number) => useQuery(messageQueryOptions(id));

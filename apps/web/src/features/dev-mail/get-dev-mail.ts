import type { DevMail } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getDevMail = (signal?: AbortSignal) => apiRequest<{ data: DevMail[] }>('Dev/mail', { signal });

export const devMailQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.devMail(), queryFn: ({ signal }) => getDevMail(signal), staleTime: 0 });

/** The mails the embedded server "sent" (404 when the view is turned off). */
export const useDevMail = () => useQuery(devMailQueryOptions());

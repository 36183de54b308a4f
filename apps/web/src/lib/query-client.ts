import { type FetchQueryOptions, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // A 4xx will not get better by asking again; network blips and 5xx might.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
    },
  });
}

/**
 * Starts a query a page needs before it renders and waits for it, but never long: one attempt,
 * at most `ms`. A failing or slow answer does not hold the page, which asks again with the
 * usual retries and says so if it stays missing.
 */
export function prefetchAtMost<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
  ms = 3000,
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    queryClient.prefetchQuery({ ...options, retry: false }),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

import { type FetchQueryOptions, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * The longest Retry-After a read waits out by itself before asking again. A 503 asking for
 * longer (the virus scanner's two minutes) is shown at once: the reader decides.
 */
const MAX_RETRY_AFTER_SECONDS = 10;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // A 4xx will not get better by asking again; network blips and 5xx might.
        retry: (failureCount, error) => {
          if (failureCount >= 2) return false;
          if (!(error instanceof ApiError)) return true;
          return error.status >= 500 && (error.retryAfterSeconds ?? 0) <= MAX_RETRY_AFTER_SECONDS;
        },
        // A busy or unreachable database answers 503 with Retry-After (ADR 038): ask again then,
        // not sooner, so the retries do not add to the load that made it busy.
        retryDelay: (attempt, error) =>
          error instanceof ApiError && error.retryAfterSeconds !== undefined
            ? error.retryAfterSeconds * 1000
            : Math.min(1000 * 2 ** attempt, 30_000),
      },
      // A write is never sent again by itself: the first one may have landed. The page says
      // what happened and the reader presses again.
      mutations: { retry: false },
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

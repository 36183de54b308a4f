import { MutationObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, prefetchAtMost } from './query-client';

afterEach(() => {
  vi.useRealTimers();
});

describe('prefetchAtMost', () => {
  it('waits for the answer and keeps it for the page', async () => {
    const queryClient = createQueryClient();
    await prefetchAtMost(queryClient, { queryKey: ['quick'], queryFn: () => Promise.resolve('here') });
    expect(queryClient.getQueryData(['quick'])).toBe('here');
  });

  it('asks once and does not hold the page when the answer fails', async () => {
    const queryClient = createQueryClient();
    const queryFn = vi.fn(() => Promise.reject(new Error('down')));
    await expect(prefetchAtMost(queryClient, { queryKey: ['failing'], queryFn })).resolves.toBeUndefined();
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['failing'])).toBeUndefined();
  });

  it('gives up waiting after the time given, and the answer still lands when it comes', async () => {
    vi.useFakeTimers();
    const queryClient = createQueryClient();
    let answer: (value: string) => void = () => undefined;
    const slow = new Promise<string>((resolve) => {
      answer = resolve;
    });
    let done = false;
    const waiting = prefetchAtMost(queryClient, { queryKey: ['slow'], queryFn: () => slow }, 3000).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(2999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(done).toBe(true);
    answer('late');
    await vi.waitFor(() => expect(queryClient.getQueryData(['slow'])).toBe('late'));
  });
});

describe('asking again after a failure', () => {
  /** The API's answer when the database is busy (ADR 038): 503 with retryAfterSeconds. */
  const busy = (retryAfterSeconds: number) =>
    new ApiError(503, {
      type: 'urn:ccap:problem:database-busy',
      title: 'Service Unavailable',
      status: 503,
      retryAfterSeconds,
    });

  it('asks again after the Retry-After of a 503, not sooner, and gives up after two more tries', async () => {
    vi.useFakeTimers();
    const queryClient = createQueryClient();
    const queryFn = vi.fn(() => Promise.reject(busy(2)));
    const outcome = queryClient.fetchQuery({ queryKey: ['busy'], queryFn }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(queryFn).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queryFn).toHaveBeenCalledTimes(3);
    expect(await outcome).toBeInstanceOf(ApiError);
  });

  it('does not wait out a long Retry-After: the page says so at once', async () => {
    vi.useFakeTimers();
    const queryClient = createQueryClient();
    const queryFn = vi.fn(() => Promise.reject(busy(120)));
    const outcome = queryClient.fetchQuery({ queryKey: ['scanner'], queryFn }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(await outcome).toBeInstanceOf(ApiError);
  });

  it('never sends a write again by itself, even when told when to', async () => {
    vi.useFakeTimers();
    const queryClient = createQueryClient();
    const mutationFn = vi.fn(() => Promise.reject(busy(2)));
    const outcome = new MutationObserver(queryClient, { mutationFn }).mutate().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await outcome).toBeInstanceOf(ApiError);
    expect(mutationFn).toHaveBeenCalledTimes(1);
  });
});

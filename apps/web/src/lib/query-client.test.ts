import { afterEach, describe, expect, it, vi } from 'vitest';
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

import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import providerStorage from 'oidc-provider/lib/helpers/als.js';
import { describe, expect, it, vi } from 'vitest';
import { offWhenIdle } from './provider-context';

describe('offWhenIdle', () => {
  it('finds oidc-provider’s own storage where it imports it from', () => {
    expect(providerStorage).toBeInstanceOf(AsyncLocalStorage);
  });

  it('keeps the storage on while any request is in flight, and turns it off after the last', async () => {
    const storage = new AsyncLocalStorage<string>();
    const disable = vi.spyOn(storage, 'disable');
    const seen: (string | undefined)[] = [];
    const handle = offWhenIdle(
      (name: string, wait: number) =>
        storage.run(name, async () => {
          await delay(wait);
          seen.push(storage.getStore());
        }),
      storage,
    );
    const first = handle('first', 1);
    const second = handle('second', 20);
    await first;
    expect(disable).not.toHaveBeenCalled();
    await second;
    // The second request still had its context after the first had finished.
    expect(seen).toEqual(['first', 'second']);
    expect(disable).toHaveBeenCalledTimes(1);
    expect(storage.getStore()).toBeUndefined();
    // The next request turns it on again, with its own context.
    await handle('third', 1);
    expect(seen).toEqual(['first', 'second', 'third']);
    expect(disable).toHaveBeenCalledTimes(2);
  });

  it('counts a request that failed, at once or later, as settled, and passes the failure on', async () => {
    const storage = { disable: vi.fn() };
    const handle = offWhenIdle((how: 'throws' | 'rejects') => {
      if (how === 'throws') throw new Error('at once');
      return delay(5).then(() => Promise.reject(new Error('later')));
    }, storage);
    expect(() => handle('throws')).toThrow('at once');
    expect(storage.disable).toHaveBeenCalledTimes(1);
    await expect(handle('rejects')).rejects.toThrow('later');
    expect(storage.disable).toHaveBeenCalledTimes(2);
  });
});

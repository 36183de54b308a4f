import { useEffect, useState } from 'react';

/**
 * Runs `callback` once the browser has nothing more urgent to do (at the latest after
 * `timeout` ms), or on the next turn where requestIdleCallback is missing (Safari).
 * Returns a function that cancels it.
 */
export function whenIdle(callback: () => void, timeout = 2000): () => void {
  if (typeof globalThis.requestIdleCallback === 'function') {
    const handle = globalThis.requestIdleCallback(callback, { timeout });
    return () => globalThis.cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 1);
  return () => clearTimeout(handle);
}

/** False on the first render, true once the browser is idle after it: for what can wait for the first paint. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}

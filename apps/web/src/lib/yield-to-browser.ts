/**
 * Ends the current task and goes on in a new one, so the browser can paint and answer input in
 * between: one long task becomes two shorter ones. `scheduler.yield()` where the browser has it
 * (it goes on before other queued work), else a zero-delay timeout.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

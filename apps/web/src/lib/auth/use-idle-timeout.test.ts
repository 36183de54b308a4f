import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown, useIdleTimeout } from './use-idle-timeout';

describe('useIdleTimeout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const setup = (enabled = true) => {
    const onTimeout = vi.fn();
    const hook = renderHook(
      (props: { enabled: boolean }) =>
        useIdleTimeout({ enabled: props.enabled, timeoutSeconds: 120, warningSeconds: 60, onTimeout }),
      { initialProps: { enabled } },
    );
    return { onTimeout, hook };
  };

  it('warns a minute before the end, counts down, then times out', () => {
    const { onTimeout, hook } = setup();
    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    expect(hook.result.current.secondsLeft).toBeNull();
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(hook.result.current.secondsLeft).toBe(59);
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(hook.result.current.secondsLeft).toBe(29);
    expect(onTimeout).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(29_000);
    });
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(hook.result.current.secondsLeft).toBeNull();
  });

  it('starts the idle period again on activity, but not once the warning shows', () => {
    const { onTimeout, hook } = setup();
    act(() => {
      vi.advanceTimersByTime(50_000);
    });
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    });
    act(() => {
      vi.advanceTimersByTime(50_000);
    });
    expect(hook.result.current.secondsLeft).toBeNull();
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(hook.result.current.secondsLeft).toBe(50);
    act(() => {
      document.dispatchEvent(new Event('pointermove'));
    });
    act(() => {
      vi.advanceTimersByTime(50_000);
    });
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('stays signed in when the user chooses to, and does nothing when disabled', () => {
    const { onTimeout, hook } = setup();
    act(() => {
      vi.advanceTimersByTime(70_000);
    });
    expect(hook.result.current.secondsLeft).toBe(50);
    act(() => {
      hook.result.current.stayActive();
    });
    expect(hook.result.current.secondsLeft).toBeNull();
    act(() => {
      vi.advanceTimersByTime(100_000);
    });
    expect(onTimeout).not.toHaveBeenCalled();

    hook.rerender({ enabled: false });
    act(() => {
      vi.advanceTimersByTime(500_000);
    });
    expect(onTimeout).not.toHaveBeenCalled();
    expect(hook.result.current.secondsLeft).toBeNull();
  });

  it('formats the countdown as minutes and seconds', () => {
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(125)).toBe('2:05');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});

import { useCallback, useEffect, useRef, useState } from 'react';

/** What counts as the user being there. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'scroll', 'wheel', 'touchstart'] as const;

export interface IdleTimeoutOptions {
  enabled: boolean;
  timeoutSeconds: number;
  /** How long before the end the warning shows. */
  warningSeconds: number;
  onTimeout: () => void;
  /** Injected in tests; defaults to Date.now. */
  now?: () => number;
  /** Where activity is listened for; defaults to document. */
  target?: EventTarget;
}

export interface IdleTimeout {
  /** Seconds until sign-out while the warning shows, otherwise null. */
  secondsLeft: number | null;
  /** The user chose to stay: start the idle period again. */
  stayActive: () => void;
}

/**
 * Signs an idle session out (WCAG 2.2.1 asks for a warning and a way to extend). Time is read
 * from the clock on every tick rather than counted, so a tab that slept still times out.
 * Once the warning shows, only an explicit choice (stayActive) extends the session.
 */
export function useIdleTimeout({
  enabled,
  timeoutSeconds,
  warningSeconds,
  onTimeout,
  now = Date.now,
  target,
}: IdleTimeoutOptions): IdleTimeout {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const lastActivity = useRef(0);
  const warning = useRef(false);
  const onTimeoutRef = useRef(onTimeout);
  useEffect(() => {
    onTimeoutRef.current = onTimeout;
  }, [onTimeout]);

  useEffect(() => {
    if (!enabled) return;
    const eventTarget = target ?? document;
    lastActivity.current = now();
    const onActivity = () => {
      if (!warning.current) lastActivity.current = now();
    };
    for (const type of ACTIVITY_EVENTS)
      eventTarget.addEventListener(type, onActivity, { capture: true, passive: true });

    const tick = () => {
      const remainingMs = timeoutSeconds * 1000 - (now() - lastActivity.current);
      if (remainingMs <= 0) {
        warning.current = false;
        lastActivity.current = now();
        setSecondsLeft(null);
        onTimeoutRef.current();
      } else if (remainingMs <= warningSeconds * 1000) {
        warning.current = true;
        setSecondsLeft(Math.ceil(remainingMs / 1000));
      } else {
        warning.current = false;
        setSecondsLeft(null);
      }
    };
    const interval = setInterval(tick, 1000);
    return () => {
      clearInterval(interval);
      warning.current = false;
      setSecondsLeft(null);
      for (const type of ACTIVITY_EVENTS) eventTarget.removeEventListener(type, onActivity, { capture: true });
    };
  }, [enabled, timeoutSeconds, warningSeconds, now, target]);

  const stayActive = useCallback(() => {
    lastActivity.current = now();
    warning.current = false;
    setSecondsLeft(null);
  }, [now]);

  return { secondsLeft, stayActive };
}

/** 59 → "0:59", 125 → "2:05". */
export function formatCountdown(seconds: number) {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

import { isoDayIn } from '@ccap/contracts/days';

/**
 * The program's "now" and "today" (ADR 106): handed down from the composition root to the rules
 * and jobs that count days, so that tests set the day they need and never depend on the machine's
 * date.
 */
export interface Clock {
  now(): Date;
  /** The calendar day it is in the program's time zone ("2026-11-25"). */
  today(): string;
}

const DAY_MS = 86_400_000;

/**
 * The machine's time in the program's zone, moved by `offsetDays` whole days (outside production
 * only, CLOCK_OFFSET_DAYS: the browser tests run a server whose days have gone by).
 */
export function systemClock(timeZone: string, offsetDays = 0): Clock {
  const now = () => new Date(Date.now() + offsetDays * DAY_MS);
  return { now, today: () => isoDayIn(timeZone, now()) };
}

/** A clock that stays where it is set (tests): `set` moves it to another moment. */
export function fixedClock(at: Date | string, timeZone = 'UTC') {
  let moment = new Date(at);
  return {
    now: () => new Date(moment),
    today: () => isoDayIn(timeZone, moment),
    set(next: Date | string) {
      moment = new Date(next);
    },
  };
}
export type FixedClock = ReturnType<typeof fixedClock>;

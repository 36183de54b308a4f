import { isoDayIn } from '@ccap/contracts';

const DAY_MS = 86_400_000;

/**
 * The calendar day it is in the program's time zone ("2026-11-25"), moved by whole days: the day
 * deadlines are counted in. A request for information due today is not past due until today has
 * ended where the program is, whatever UTC's date says.
 */
export function programDay(timeZone: string, now = new Date(), offsetDays = 0): string {
  const day = isoDayIn(timeZone, now);
  return offsetDays === 0
    ? day
    : new Date(Date.parse(`${day}T00:00:00Z`) + offsetDays * DAY_MS).toISOString().slice(0, 10);
}

import { isoDayIn, plusDays } from '@ccap/contracts';

/**
 * The calendar day it is in the program's time zone ("2026-11-25"), moved by whole days: the day
 * deadlines are counted in. A request for information due today is not past due until today has
 * ended where the program is, whatever UTC's date says.
 */
export function programDay(timeZone: string, now = new Date(), offsetDays = 0): string {
  return plusDays(isoDayIn(timeZone, now), offsetDays);
}

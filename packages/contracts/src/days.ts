// The program's day, with no zod: the web's first load imports this file alone
// (`@ccap/contracts/days`) to count days in the program's time zone once the profile arrives;
// a value import from the package's index would bring every schema into the first load (ADR 042).

/** The calendar day a moment falls on in an IANA time zone ("2026-11-25"). */
export function isoDayIn(timeZone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** An ISO date moved by whole days ("2026-12-31", 1 → "2027-01-01"). */
export function plusDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

let programTimeZone: string | undefined;

/**
 * From now on `todayIso` counts in the program's time zone: the API sets it at start-up and the
 * web app when the program profile arrives, so the browser and the server agree on the day (an
 * age on a birthday eve, a date "in the future"). Undefined goes back to the runtime's own zone.
 */
export function countDaysIn(timeZone: string | undefined) {
  programTimeZone = timeZone;
}

/**
 * Today as an ISO date: the program's day once `countDaysIn` named its zone, else the day where
 * this runs (an evening in Iowa is not yet tomorrow, as the UTC date would say).
 */
export function todayIso(now = new Date()): string {
  if (programTimeZone) return isoDayIn(programTimeZone, now);
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${twoDigits(now.getMonth() + 1)}-${twoDigits(now.getDate())}`;
}

/** Today in the time zone furthest ahead (UTC+14): a later date has not begun anywhere yet. */
export function latestTodayIso(now = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** Whole years between a date of birth and a day (both ISO dates). */
export function ageOn(dateOfBirth: string, onDay: string = todayIso()): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = onDay.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

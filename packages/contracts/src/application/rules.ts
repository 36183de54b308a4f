import { z } from 'zod';
import { stateCodes } from './lookups';

/**
 * Field rules shared by every step. Messages are i18n keys (the web translates them; API
 * callers read them as stable codes).
 */
export const messages = {
  required: 'validation.required',
  date: 'validation.application.date',
  dateInFuture: 'validation.application.dateInFuture',
  phone: 'validation.application.phone',
  email: 'validation.application.email',
  zip: 'validation.application.zip',
  state: 'validation.application.state',
  assistantAge: 'validation.application.assistantAge',
  adultAge: 'validation.application.adultAge',
  childAge: 'validation.application.childAge',
  ssn: 'validation.application.ssn',
  ein: 'validation.application.ein',
  money: 'validation.application.money',
  hours: 'validation.application.hours',
  startBeforeEnd: 'validation.application.startBeforeEnd',
  overnightNotOffered: 'validation.application.overnightNotOffered',
  capacity: 'validation.application.capacity',
  mustAccept: 'validation.application.mustAccept',
  signatureName: 'validation.application.signatureName',
  county: 'validation.application.county',
} as const;

/** "Use 60 characters or fewer": the code ends in the limit, which the web reads into the text. */
export const tooLong = (max: number) => `validation.application.tooLong.${max}`;

export const requiredText = (max = 120) => z.string().trim().min(1, messages.required).max(max, tooLong(max));
export const optionalText = (max = 200) => z.string().trim().max(max, tooLong(max)).optional();

export const isoDateSchema = z.iso.date(messages.date);

export const pastDateSchema = isoDateSchema.refine((value) => value <= todayIso(), messages.dateInFuture);

export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\(?\d{3}\)?[ .-]?\d{3}[ .-]?\d{4}$/, messages.phone);

export const emailAddressSchema = z
  .string()
  .trim()
  .pipe(z.email(messages.email).max(254, tooLong(254)));
export const zipSchema = z
  .string()
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, messages.zip);
export const stateSchema = z.enum(stateCodes, messages.state);

/** Money per half-day unit: dollars with at most two decimals. */
export const moneySchema = z
  .number({ error: (issue) => (issue.input === undefined ? messages.required : messages.money) })
  .min(0, messages.money)
  .max(1000, messages.money)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, messages.money);

/** "HH:MM", 24-hour clock. */
export const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, messages.hours);

/** Social Security number: 9 digits, not in the never-issued ranges (000, 666, 9xx; 00; 0000). */
export const ssnSchema = z
  .string()
  .trim()
  .regex(/^(?!000|666|9\d\d)\d{3}-?(?!00)\d{2}-?(?!0000)\d{4}$/, messages.ssn);

/** Employer identification number: 9 digits, written NN-NNNNNNN, with an IRS campus prefix. */
export const einSchema = z
  .string()
  .trim()
  .regex(/^(?!(00|07|08|09|17|18|19|28|29|49|69|70|78|79|89|96|97)-?)\d{2}-?\d{7}$/, messages.ein);

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

/** Shows only the last four digits of a taxpayer number (SSN or EIN). */
export function maskTin(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length < 4 ? '' : `•••••${digits.slice(-4)}`;
}

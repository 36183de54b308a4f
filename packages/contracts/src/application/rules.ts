import { z } from 'zod';
import { todayIso } from '../days';
import { stateCodes } from './lookups';

// The program's day (todayIso, countDaysIn…) lives in a module of its own with no zod: the web's
// first load sets the zone when the profile arrives (ADR 042). Re-exported here as before.
export { ageOn, countDaysIn, isoDayIn, latestTodayIso, plusDays, todayIso } from '../days';

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
  ssnArea9: 'validation.application.ssnArea9',
  ssnArea000: 'validation.application.ssnArea000',
  ssnArea666: 'validation.application.ssnArea666',
  ssnGroup00: 'validation.application.ssnGroup00',
  ssnSerial0000: 'validation.application.ssnSerial0000',
  weekendHoursNotOffered: 'validation.application.weekendHoursNotOffered',
  ein: 'validation.application.ein',
  money: 'validation.application.money',
  hours: 'validation.application.hours',
  startBeforeEnd: 'validation.application.startBeforeEnd',
  overnightNotOffered: 'validation.application.overnightNotOffered',
  capacity: 'validation.application.capacity',
  count: 'validation.application.count',
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

/**
 * What is wrong with a Social Security number, or undefined when nothing is: 9 digits (dashes
 * optional), then the ranges never issued, each with its own message so the person learns why
 * (an area of 9xx, 000 or 666; a group of 00; a serial of 0000).
 */
export function ssnProblem(value: string): string | undefined {
  const match = /^(\d{3})-?(\d{2})-?(\d{4})$/.exec(value.trim());
  if (!match) return messages.ssn;
  const [, area, group, serial] = match;
  if (area!.startsWith('9')) return messages.ssnArea9;
  if (area === '000') return messages.ssnArea000;
  if (area === '666') return messages.ssnArea666;
  if (group === '00') return messages.ssnGroup00;
  if (serial === '0000') return messages.ssnSerial0000;
  return undefined;
}

/** Social Security number: 9 digits, not in the never-issued ranges (000, 666, 9xx; 00; 0000). */
export const ssnSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const message = ssnProblem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** Employer identification number: 9 digits, written NN-NNNNNNN, with an IRS campus prefix. */
export const einSchema = z
  .string()
  .trim()
  .regex(/^(?!(00|07|08|09|17|18|19|28|29|49|69|70|78|79|89|96|97)-?)\d{2}-?\d{7}$/, messages.ein);

/** Shows only the last four digits of a taxpayer number (SSN or EIN). */
export function maskTin(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length < 4 ? '' : `•••••${digits.slice(-4)}`;
}

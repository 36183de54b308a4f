import { dayCodes, localeIntlTags } from '@ccap/contracts';
import type { LocaleCode } from './labels';

/** Program money is in US dollars; only the display follows the language. */
const CURRENCY = 'USD';

/** A calendar date ("2024-07-01") at UTC midnight, so no time zone moves it a day. */
const calendarDate = (iso: string) => {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
};

/** Dates, times, money and names formatted as the reader's language writes them. */
export function createFormats(lang: LocaleCode, timeZone = 'UTC') {
  const tag = localeIntlTags[lang];
  const longDate = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' });
  const dateTime = new Intl.DateTimeFormat(tag, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone,
  });
  const zoneName = new Intl.DateTimeFormat(tag, { timeZone, timeZoneName: 'short' });
  const clock = new Intl.DateTimeFormat(tag, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  const weekday = new Intl.DateTimeFormat(tag, { weekday: 'long', timeZone: 'UTC' });
  const money = new Intl.NumberFormat(tag, { style: 'currency', currency: CURRENCY });
  const number = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
  const languages = new Intl.DisplayNames([tag], { type: 'language', fallback: 'none' });
  return {
    tag,
    date: (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? longDate.format(calendarDate(iso)) : iso),
    /** The moment with its time zone named, since the reader may be elsewhere. */
    dateTime: (moment: Date) => {
      const zone = zoneName.formatToParts(moment).find((part) => part.type === 'timeZoneName')?.value;
      return zone ? `${dateTime.format(moment)} (${zone})` : dateTime.format(moment);
    },
    /** "07:30" as the language writes a time of day. */
    time: (hhmm: string) => {
      const [hours, minutes] = hhmm.split(':').map(Number);
      if (hours === undefined || minutes === undefined || Number.isNaN(hours) || Number.isNaN(minutes)) return hhmm;
      return clock.format(new Date(Date.UTC(1970, 0, 1, hours, minutes)));
    },
    /** A day code ("monday") as the weekday's name. 1970-01-05 was a Monday. */
    day: (code: string) => {
      const index = dayCodes.indexOf(code as (typeof dayCodes)[number]);
      return index < 0 ? code : weekday.format(new Date(Date.UTC(1970, 0, 5 + index)));
    },
    money: (value: number) => money.format(value),
    number: (value: number) => number.format(value),
    /** A language code's name in the reader's language, if Intl knows it. */
    language: (code: string) => {
      try {
        return languages.of(code);
      } catch {
        return undefined;
      }
    },
  };
}
export type Formats = ReturnType<typeof createFormats>;

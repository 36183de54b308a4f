import { useTranslation } from 'react-i18next';
import { intlTagOf } from './locales';

/** Program money is in US dollars; only the display follows the language. */
const CURRENCY = 'USD';

/** A calendar date ("2024-07-01") as a Date at UTC midnight, so no time zone moves it a day. */
function parseIsoDate(iso: string): Date {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
}

/** A value made on its first use only (an Intl formatter costs milliseconds to build). */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

// Monday 1 January 2024: day names come from Intl in the reader's language.
const MONDAY = Date.UTC(2024, 0, 1);

export function createIntlFormat(locale: string) {
  const tag = intlTagOf(locale);
  const integer = once(() => new Intl.NumberFormat(tag, { maximumFractionDigits: 2 }));
  // Always the currency's two decimals: "$28.00" beside "$33.50", never "$28".
  const money = once(
    () =>
      new Intl.NumberFormat(tag, {
        style: 'currency',
        currency: CURRENCY,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
  );
  const percent = once(() => new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 }));
  const longDate = once(() => new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }));
  const weekday = once(() => new Intl.DateTimeFormat(tag, { weekday: 'long', timeZone: 'UTC' }));
  const languageNames = once(() => new Intl.DisplayNames([tag], { type: 'language', fallback: 'none' }));
  const clock = once(() => new Intl.DateTimeFormat(tag, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }));
  const dateTime = once(() => new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeStyle: 'short' }));
  const localLongDate = once(() => new Intl.DateTimeFormat(tag, { dateStyle: 'long' }));
  const relative = once(() => new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }));
  const mediumDateTime = once(() => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }));
  const andList = once(() => new Intl.ListFormat(tag));
  const orList = once(() => new Intl.ListFormat(tag, { type: 'disjunction' }));
  const megabytes = once(
    () => new Intl.NumberFormat(tag, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }),
  );
  const dayMonthYear = (timeZone: 'UTC' | undefined) =>
    new Intl.DateTimeFormat(tag, {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      ...(timeZone ? { timeZone } : {}),
    });
  const calendarDayMonthYear = once(() => dayMonthYear('UTC'));
  const calendarMediumDate = once(() => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' }));
  const localMediumDate = once(() => new Intl.DateTimeFormat(tag, { dateStyle: 'medium' }));
  const localDayMonthYear = once(() => dayMonthYear(undefined));
  const separators = once(() => {
    const parts = new Intl.NumberFormat(tag).formatToParts(12345.6);
    return {
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    };
  });
  return {
    number: (value: number) => integer().format(value),
    /** Dollars and cents, always both: "$1,200.00", "$12.50". */
    money: (value: number) => money().format(value),
    /** A percentage given as a number of percent: 160 → "160%". */
    percent: (value: number) => percent().format(value / 100),
    /** An ISO calendar date in the long style of the language ("July 1, 2024"). */
    date: (iso: string) => longDate().format(parseIsoDate(iso)),
    /**
     * The day a moment ("2026-11-25T02:30:00Z") fell on in the reader's time zone, in the long
     * style: a submission made at 8:30 PM in Iowa is dated that day, not the next UTC day.
     */
    dayOf: (moment: string) => localLongDate().format(new Date(moment)),
    /** A day of the week by its number, Monday 0 to Sunday 6 ("Monday"). */
    weekday: (mondayFirstIndex: number) => weekday().format(MONDAY + mondayFirstIndex * 86_400_000),
    /** A language's name by its code ("fr" → "French"); undefined when Intl has none. */
    languageName: (code: string) => languageNames().of(code),
    /** A time of day ("14:30") on the clock of the language ("2:30 PM", "14:30"); empty when it is none. */
    timeOfDay: (hhmm: string) => {
      const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
      if (!match) return '';
      const [hours, minutes] = [Number(match[1]), Number(match[2])];
      return hours < 24 && minutes < 60 ? clock().format(Date.UTC(1970, 0, 1, hours, minutes)) : '';
    },
    /** A moment, long date and short time, in the reader's time zone. */
    dateTime: (moment: Date) => dateTime().format(moment),
    /** A moment, medium date and short time, in the reader's time zone ("Jan 5, 2026, 3:00 PM"). */
    mediumDateTime: (moment: Date) => mediumDateTime().format(moment),
    /** "a, b and c" in the language. */
    list: (items: string[]) => andList().format(items),
    /** "a, b or c" in the language. */
    orList: (items: string[]) => orList().format(items),
    /** A size in megabytes with its unit ("15 MB"). */
    megabytes: (value: number) => megabytes().format(value),
    /**
     * Day, abbreviated month and year as parts ("05", "Jan", "2026"): a calendar date
     * ("2026-01-15") as written, a moment on the reader's calendar.
     */
    dayMonthYearParts: (value: string) => {
      const calendarDate = /^\d{4}-\d{2}-\d{2}$/.test(value);
      return calendarDate
        ? calendarDayMonthYear().formatToParts(parseIsoDate(value))
        : localDayMonthYear().formatToParts(new Date(value));
    },
    /**
     * A date in the language's own medium style ("Jan 5, 2026", "2026/01/05", "5 ene 2026"): a
     * calendar date ("2026-01-15") as written, a moment on the reader's calendar.
     */
    mediumDate: (value: string) =>
      /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? calendarMediumDate().format(parseIsoDate(value))
        : localMediumDate().format(new Date(value)),
    /** The language's thousands and decimal separators (",", "." in English). */
    numberSeparators: () => separators(),
    /** "5 minutes ago", "tomorrow": Intl.RelativeTimeFormat with numeric "auto". */
    relative: (value: number, unit: Intl.RelativeTimeFormatUnit) => relative().format(value, unit),
  };
}

export type IntlFormat = ReturnType<typeof createIntlFormat>;

/**
 * One set of formatters per language for the whole page, each built when first used: building
 * them per component took some 20 ms of the provider search's first render.
 */
const byLanguage = new Map<string, IntlFormat>();

/** The page's formatters for a language (i18next's language code). */
export function intlFormatOf(language: string): IntlFormat {
  let format = byLanguage.get(language);
  if (!format) {
    format = createIntlFormat(language);
    byLanguage.set(language, format);
  }
  return format;
}

/** Number, money and date formatters for the current i18n language. */
export function useIntlFormat(): IntlFormat {
  const { i18n } = useTranslation();
  return intlFormatOf(i18n.language);
}

/** A `tel:` address for a 10-digit US number as the program profile writes it, "(515) 555-0100". */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `tel:+1${digits}` : `tel:${digits}`;
}

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { intlTagOf } from './locales';

/** Program money is in US dollars; only the display follows the language. */
const CURRENCY = 'USD';

/** A calendar date ("2024-07-01") as a Date at UTC midnight, so no time zone moves it a day. */
function parseIsoDate(iso: string): Date {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
}

export function createIntlFormat(locale: string) {
  const tag = intlTagOf(locale);
  const integer = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
  const wholeMoney = new Intl.NumberFormat(tag, { style: 'currency', currency: CURRENCY, maximumFractionDigits: 0 });
  const money = new Intl.NumberFormat(tag, { style: 'currency', currency: CURRENCY });
  const percent = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 });
  const longDate = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' });
  return {
    tag,
    number: (value: number) => integer.format(value),
    /** Whole dollars when the amount has no cents, cents otherwise. */
    money: (value: number) => (Number.isInteger(value) ? wholeMoney.format(value) : money.format(value)),
    /** A percentage given as a number of percent: 160 → "160%". */
    percent: (value: number) => percent.format(value / 100),
    /** An ISO calendar date in the long style of the language ("July 1, 2024"). */
    date: (iso: string) => longDate.format(parseIsoDate(iso)),
  };
}

export type IntlFormat = ReturnType<typeof createIntlFormat>;

/** Number, money and date formatters for the current i18n language. */
export function useIntlFormat(): IntlFormat {
  const { i18n } = useTranslation();
  return useMemo(() => createIntlFormat(i18n.language), [i18n.language]);
}

/** A `tel:` address for a 10-digit US number as the program profile writes it, "(515) 555-0100". */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `tel:+1${digits}` : `tel:${digits}`;
}

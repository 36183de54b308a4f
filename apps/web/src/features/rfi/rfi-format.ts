import { intlFormatOf } from '@/lib/intl-format';
import { localeFileOf } from '@/lib/locales';

/**
 * Spec section 9: the RFI list shows dates as 'dd MMM, yyyy' ("05 Jan, 2026"). That pattern is
 * an English one: put together from parts in another language it read "05 1月, 2026" in
 * Japanese, so every other language shows the date in its own medium style ("2026/01/05",
 * "5 ene 2026"). A date-time is shown on the reader's calendar; a calendar date as written.
 */
export function formatRfiDate(value: string, locale: string): string {
  const format = intlFormatOf(locale);
  if (localeFileOf(locale) !== 'en') return format.mediumDate(value);
  const parts = format.dayMonthYearParts(value);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('day')} ${part('month')}, ${part('year')}`;
}

/** Spec section 2: the status text in title case ("pending" → "Pending"), for descriptions not translated. */
export const titleCase = (text: string) =>
  text
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());

/** The file as base64 without the data-URL prefix (spec section 3). */
export { fileToBase64 } from '@/lib/file-to-base64';

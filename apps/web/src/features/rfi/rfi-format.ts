import { intlFormatOf } from '@/lib/intl-format';

/**
 * Spec section 9: the RFI list shows dates as 'dd MMM, yyyy' ("05 Jan, 2026"): the pattern is
 * fixed, the month's abbreviation and the digits are the reader's language's. A date-time is
 * shown on the reader's calendar; a calendar date ("2026-01-15") as written.
 */
export function formatRfiDate(value: string, locale: string): string {
  const parts = intlFormatOf(locale).dayMonthYearParts(value);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('day')} ${part('month')}, ${part('year')}`;
}

/** Spec section 2: the status text in title case ("pending" → "Pending"), for descriptions not translated. */
export const titleCase = (text: string) =>
  text
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());

/** The file as base64 without the data-URL prefix (spec section 3). */
export function fileToBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result.replace(/^data:[^,]*,/, '') : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

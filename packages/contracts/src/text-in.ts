import { localeCodes } from './locale-tags';

// No zod here: the web's first load imports this file alone (`@ccap/contracts/text-in`).
type LocaleCode = (typeof localeCodes)[number];
const codes: readonly string[] = localeCodes;

/**
 * A text of the program profile in every language it is written in, by locale code ("ae" for
 * Arabic): English is required, a language missing falls back to English.
 */
export type LocalizedText = { en: string } & Partial<Record<LocaleCode, string>>;

/** A text in one language, and the language it is actually in (English when it fell back). */
export interface TextIn {
  text: string;
  lang: LocaleCode;
}

/** The text in `locale` ("ar" is read as "ae"), or its English text when it has none. */
export function textIn(text: LocalizedText, locale: string): TextIn {
  const code = locale === 'ar' ? 'ae' : locale;
  const translated = codes.includes(code) ? text[code as LocaleCode] : undefined;
  return translated === undefined ? { text: text.en, lang: 'en' } : { text: translated, lang: code as LocaleCode };
}

/** Just the text in `locale`, falling back to English. */
export const localize = (text: LocalizedText, locale: string): string => textIn(text, locale).text;

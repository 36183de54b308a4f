import type { localeCodes } from '@ccap/contracts';
import { localeIntlTags } from '@ccap/contracts/locale-tags';

/** A language code as the API knows it (the user's preferred language): the one list of codes. */
export type LocaleCode = (typeof localeCodes)[number];

/**
 * The languages offered (spec section 3), with the spec's locale codes: "ae" is Arabic and
 * the only right-to-left one. `intl` is the BCP 47 tag used for dates and numbers (shared
 * with the API's PDF copies).
 */
export const LOCALES = [
  { code: 'en', intl: localeIntlTags.en, name: 'English' },
  { code: 'zh', intl: localeIntlTags.zh, name: '中文' },
  { code: 'da', intl: localeIntlTags.da, name: 'Dansk' },
  { code: 'fr', intl: localeIntlTags.fr, name: 'Français' },
  { code: 'de', intl: localeIntlTags.de, name: 'Deutsch' },
  { code: 'el', intl: localeIntlTags.el, name: 'Ελληνικά' },
  { code: 'hu', intl: localeIntlTags.hu, name: 'Magyar' },
  { code: 'it', intl: localeIntlTags.it, name: 'Italiano' },
  { code: 'ja', intl: localeIntlTags.ja, name: '日本語' },
  { code: 'pl', intl: localeIntlTags.pl, name: 'Polski' },
  { code: 'pt', intl: localeIntlTags.pt, name: 'Português' },
  { code: 'ru', intl: localeIntlTags.ru, name: 'Русский' },
  { code: 'es', intl: localeIntlTags.es, name: 'Español' },
  { code: 'sv', intl: localeIntlTags.sv, name: 'Svenska' },
  { code: 'tr', intl: localeIntlTags.tr, name: 'Türkçe' },
  { code: 'ae', intl: localeIntlTags.ae, name: 'العربية' },
] as const satisfies readonly { code: LocaleCode; intl: string; name: string }[];
export const DEFAULT_LOCALE: LocaleCode = 'en';

export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === 'string' && LOCALES.some((locale) => locale.code === value);
}

/** Spec section 4: direction is rtl when the locale is "ae", compared case-insensitively. */
export function directionOf(locale: string): 'rtl' | 'ltr' {
  return locale.toLowerCase() === 'ae' ? 'rtl' : 'ltr';
}

/**
 * The language i18next works in: the spec's "ae" is served as /locales/ae.json but must be
 * Arabic ("ar") to i18next, or its plural rules would be English ones ("ae" is Avestan).
 */
export function i18nLanguageOf(locale: string): string {
  return locale.toLowerCase() === 'ae' ? 'ar' : locale;
}

export function localeFileOf(language: string): string {
  return language === 'ar' ? 'ae' : language;
}

export function intlTagOf(locale: string): string {
  const code = localeFileOf(locale.toLowerCase());
  return LOCALES.find((entry) => entry.code === code)?.intl ?? 'en-US';
}

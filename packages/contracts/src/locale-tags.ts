// No zod here: the web's first load imports this file alone (`@ccap/contracts/locale-tags`).

/** The portal's sixteen languages, by the spec's codes ("ae" for Arabic). */
export const localeCodes = [
  'en',
  'zh',
  'da',
  'fr',
  'de',
  'el',
  'hu',
  'it',
  'ja',
  'pl',
  'pt',
  'ru',
  'es',
  'sv',
  'tr',
  'ae',
] as const;
type LocaleCode = (typeof localeCodes)[number];

/**
 * The BCP 47 tag each locale code formats dates and numbers with: the spec's "ae" is Arabic
 * ("ar"); "ae" itself would be Avestan to Intl and to PDF readers.
 */
export const localeIntlTags = {
  en: 'en-US',
  zh: 'zh-CN',
  da: 'da-DK',
  fr: 'fr-FR',
  de: 'de-DE',
  el: 'el-GR',
  hu: 'hu-HU',
  it: 'it-IT',
  ja: 'ja-JP',
  pl: 'pl-PL',
  pt: 'pt-PT',
  ru: 'ru-RU',
  es: 'es-US',
  sv: 'sv-SE',
  tr: 'tr-TR',
  ae: 'ar',
} as const satisfies Record<LocaleCode, string>;

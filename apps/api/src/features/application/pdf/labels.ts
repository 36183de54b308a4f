import type { localeCodes } from '@ccap/contracts';
import { localeIntlTags } from '@ccap/contracts/locale-tags';

export type LocaleCode = (typeof localeCodes)[number];
type Messages = Record<string, unknown>;
/** The translations of a language, or undefined when it has none. */
export type CatalogueLoader = (code: LocaleCode) => Promise<Messages | undefined>;

/**
 * A value put into a text: a function is given the text's labels, for a value that is itself
 * words or a date in the reader's language.
 */
export type TextValue = string | number | ((labels: Labels) => string);
export type TextValues = Record<string, TextValue>;

export interface Labels {
  lang: LocaleCode;
  /**
   * The text of a key in the language, else in English, else the key itself. A numeric `count`
   * picks the key's plural form (`key_one`, `key_few`, … by the language's rules) when it has one.
   */
  t: (key: string, values?: TextValues) => string;
  /** Whether the language or English has the key. */
  has: (key: string) => boolean;
}

const lookup = (messages: Messages | undefined, key: string): string | undefined => {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Messages)[part];
  }
  return typeof node === 'string' ? node : undefined;
};

const LRI = '\u2066';
const PDI = '\u2069';
const mapDefined = (value: string | undefined, map: (text: string) => string) =>
  value === undefined ? undefined : map(value);

const interpolate = (text: string, values: Record<string, string> = {}) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? values[name]! : whole));

/**
 * The labels of a language over its translations and the English ones (which it falls back
 * to, isolated as left-to-right text in Arabic so their punctuation stays where English puts it).
 */
export function labelsOver(lang: LocaleCode, own: Messages | undefined, english: Messages): Labels {
  const fallback = (text: string) => (lang === 'ae' ? `${LRI}${text}${PDI}` : text);
  const plurals = new Intl.PluralRules(localeIntlTags[lang]);
  const find = (key: string) => lookup(own, key) ?? mapDefined(lookup(english, key), fallback);
  const labels: Labels = {
    lang,
    t: (key, values = {}) => {
      const count = values.count;
      const text =
        (typeof count === 'number' ? (find(`${key}_${plurals.select(count)}`) ?? find(`${key}_other`)) : undefined) ??
        find(key) ??
        key;
      const resolved = Object.fromEntries(
        Object.entries(values).map(([name, value]) => [
          name,
          typeof value === 'function' ? value(labels) : String(value),
        ]),
      );
      return interpolate(text, resolved);
    },
    has: (key) => lookup(own, key) !== undefined || lookup(english, key) !== undefined,
  };
  return labels;
}

/**
 * The web app's own translations (@ccap/locales), bundled into the API's build: each language
 * is evaluated when first asked for.
 */
const catalogues: Record<LocaleCode, () => Promise<{ default: Messages }>> = {
  ae: () => import('@ccap/locales/ae.json', { with: { type: 'json' } }),
  da: () => import('@ccap/locales/da.json', { with: { type: 'json' } }),
  de: () => import('@ccap/locales/de.json', { with: { type: 'json' } }),
  el: () => import('@ccap/locales/el.json', { with: { type: 'json' } }),
  en: () => import('@ccap/locales/en.json', { with: { type: 'json' } }),
  es: () => import('@ccap/locales/es.json', { with: { type: 'json' } }),
  fr: () => import('@ccap/locales/fr.json', { with: { type: 'json' } }),
  hu: () => import('@ccap/locales/hu.json', { with: { type: 'json' } }),
  it: () => import('@ccap/locales/it.json', { with: { type: 'json' } }),
  ja: () => import('@ccap/locales/ja.json', { with: { type: 'json' } }),
  pl: () => import('@ccap/locales/pl.json', { with: { type: 'json' } }),
  pt: () => import('@ccap/locales/pt.json', { with: { type: 'json' } }),
  ru: () => import('@ccap/locales/ru.json', { with: { type: 'json' } }),
  sv: () => import('@ccap/locales/sv.json', { with: { type: 'json' } }),
  tr: () => import('@ccap/locales/tr.json', { with: { type: 'json' } }),
  zh: () => import('@ccap/locales/zh.json', { with: { type: 'json' } }),
};
export const loadCatalogue: CatalogueLoader = async (code) => (await catalogues[code]()).default;

/** The texts of PDFs, mails and notifications, from the portal's translations unless given others. */
export function createLocaleSource(read: CatalogueLoader = loadCatalogue) {
  return {
    async labels(lang: LocaleCode): Promise<Labels> {
      const english = await read('en');
      if (!english) throw new Error('No English translations');
      return labelsOver(lang, lang === 'en' ? english : await read(lang), english);
    },
  };
}
export type LocaleSource = ReturnType<typeof createLocaleSource>;

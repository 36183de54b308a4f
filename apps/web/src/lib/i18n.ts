import i18next from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, directionOf, intlTagOf, isLocaleCode, LOCALES, type LocaleCode } from './locales';

const STORAGE_KEY = 'locale';

export function storedLocale(): LocaleCode {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLocaleCode(value) ? value : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** Sets lang and dir on <html> so the whole page, not just the text, follows the locale. */
export function applyDocumentLocale(locale: string) {
  document.documentElement.lang = intlTagOf(locale);
  document.documentElement.dir = directionOf(locale);
}

/** Translations are served as static files at /locales/{code}.json and loaded on demand. */
export async function initI18n(locale: LocaleCode = storedLocale()) {
  applyDocumentLocale(locale);
  await i18next
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: LOCALES.map((entry) => entry.code),
      load: 'currentOnly',
      backend: { loadPath: '/locales/{{lng}}.json' },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  return i18next;
}

import i18next from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, intlTagOf, LOCALES, type LocaleCode } from './locales';
import { loadSettings } from './ui-settings';

export const storedLocale = (): LocaleCode => loadSettings().locale;

/** Sets lang on <html> so screen readers and hyphenation follow the locale (dir comes from the settings). */
export function applyDocumentLocale(locale: string) {
  document.documentElement.lang = intlTagOf(locale);
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

import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, i18nLanguageOf, intlTagOf, localeFileOf, LOCALES, type LocaleCode } from './locales';
import { loadSettings } from './ui-settings';

export const storedLocale = (): LocaleCode => loadSettings().locale;

/** Sets lang on <html> so screen readers and hyphenation follow the locale (dir comes from the settings). */
export function applyDocumentLocale(locale: string) {
  document.documentElement.lang = intlTagOf(locale);
}

/** Translations are static files at /locales/{code}.json, fetched for the one language in use. */
async function loadTranslation(language: string): Promise<Record<string, unknown>> {
  const response = await fetch(`/locales/${localeFileOf(language)}.json`);
  if (!response.ok) throw new Error(`translations for ${language} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/** Translations are served as static files at /locales/{code}.json and loaded on demand. */
export async function initI18n(locale: LocaleCode = storedLocale()) {
  applyDocumentLocale(locale);
  await i18next
    .use(resourcesToBackend(loadTranslation))
    .use(initReactI18next)
    .init({
      lng: i18nLanguageOf(locale),
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: LOCALES.map((entry) => i18nLanguageOf(entry.code)),
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  return i18next;
}

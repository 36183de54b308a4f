import { DEFAULT_LOCALE, directionOf, isLocaleCode, type LocaleCode } from './locales';

/** The UI settings of spec section 3, kept in local storage, with the spec's defaults. */
export const THEMES = ['light', 'dark', 'system'] as const;
export const MENUS = ['horizontal', 'vertical', 'collapsible-vertical'] as const;
export const LAYOUTS = ['boxed-layout', 'full'] as const;
export const DIRECTIONS = ['ltr', 'rtl'] as const;
export const NAVBARS = ['navbar-sticky', 'navbar-floating', 'navbar-static'] as const;
export const ANIMATIONS = [
  'none',
  'fade',
  'fade-down',
  'fade-up',
  'fade-left',
  'fade-right',
  'slide-down',
  'slide-left',
  'slide-right',
  'zoom-in',
] as const;

export type Theme = (typeof THEMES)[number];
export interface UiSettings {
  theme: Theme;
  menu: (typeof MENUS)[number];
  layout: (typeof LAYOUTS)[number];
  direction: (typeof DIRECTIONS)[number];
  navbar: (typeof NAVBARS)[number];
  semidark: boolean;
  animation: (typeof ANIMATIONS)[number];
  locale: LocaleCode;
}

export const DEFAULT_SETTINGS: UiSettings = {
  theme: 'light',
  menu: 'vertical',
  layout: 'full',
  direction: 'ltr',
  navbar: 'navbar-sticky',
  semidark: false,
  animation: 'none',
  locale: DEFAULT_LOCALE,
};

export const SETTINGS_KEY = 'ui-settings';

const pick = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** Reads the stored settings; anything missing or unknown falls back to its default. */
export function loadSettings(): UiSettings {
  let stored: Record<string, unknown> = {};
  try {
    stored = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}') as Record<string, unknown>;
  } catch {
    stored = {};
  }
  const locale = isLocaleCode(stored.locale) ? stored.locale : DEFAULT_SETTINGS.locale;
  return {
    theme: pick(THEMES, stored.theme, DEFAULT_SETTINGS.theme),
    menu: pick(MENUS, stored.menu, DEFAULT_SETTINGS.menu),
    layout: pick(LAYOUTS, stored.layout, DEFAULT_SETTINGS.layout),
    direction: pick(DIRECTIONS, stored.direction, directionOf(locale)),
    navbar: pick(NAVBARS, stored.navbar, DEFAULT_SETTINGS.navbar),
    semidark: typeof stored.semidark === 'boolean' ? stored.semidark : DEFAULT_SETTINGS.semidark,
    animation: pick(ANIMATIONS, stored.animation, DEFAULT_SETTINGS.animation),
    locale,
  };
}

export function saveSettings(settings: UiSettings) {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Private browsing or a full quota: the settings hold for this page only.
  }
}

/** Spec section 4: the header's theme icon cycles light → dark → system → light. */
export function nextTheme(theme: Theme): Theme {
  return theme === 'light' ? 'dark' : theme === 'dark' ? 'system' : 'light';
}

export function prefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Puts the theme and direction on <html>, before the first paint and after each change. */
export function applyDocumentSettings(settings: UiSettings) {
  const root = document.documentElement;
  const dark = settings.theme === 'dark' || (settings.theme === 'system' && prefersDark());
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  root.dir = settings.direction;
}

/** Changing the language stores it with its direction and reloads (spec section 4). */
export function settingsForLocale(settings: UiSettings, locale: LocaleCode): UiSettings {
  return { ...settings, locale, direction: directionOf(locale) };
}

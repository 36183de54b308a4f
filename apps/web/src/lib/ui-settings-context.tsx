import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { browserLocation } from './browser-location';
import type { LocaleCode } from './locales';
import { applyDocumentSettings, loadSettings, saveSettings, settingsForLocale, type UiSettings } from './ui-settings';

interface UiSettingsState {
  settings: UiSettings;
  /** Changes settings that apply at once (theme, menu, layout, navbar, semidark, animation). */
  update: (change: Partial<Omit<UiSettings, 'locale' | 'direction'>>) => void;
  /** Stores the language with its direction, then reloads (spec section 4). */
  setLocale: (locale: LocaleCode) => void;
  /** Stores the direction, then reloads (spec section 4, customizer). */
  setDirection: (direction: UiSettings['direction']) => void;
}

const UiSettingsContext = createContext<UiSettingsState | undefined>(undefined);

export function UiSettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<UiSettings>(loadSettings);

  useEffect(() => {
    applyDocumentSettings(settings);
    if (settings.theme !== 'system' || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const follow = () => applyDocumentSettings(settings);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [settings]);

  const update = useCallback<UiSettingsState['update']>((change) => {
    setSettings((current) => {
      const next = { ...current, ...change };
      saveSettings(next);
      return next;
    });
  }, []);

  const setLocale = useCallback((locale: LocaleCode) => {
    saveSettings(settingsForLocale(loadSettings(), locale));
    browserLocation.reload();
  }, []);

  const setDirection = useCallback((direction: UiSettings['direction']) => {
    saveSettings({ ...loadSettings(), direction });
    browserLocation.reload();
  }, []);

  const value = useMemo(
    () => ({ settings, update, setLocale, setDirection }),
    [settings, update, setLocale, setDirection],
  );
  return <UiSettingsContext.Provider value={value}>{children}</UiSettingsContext.Provider>;
}

export function useUiSettings(): UiSettingsState {
  const state = useContext(UiSettingsContext);
  if (!state) throw new Error('useUiSettings needs a UiSettingsProvider');
  return state;
}

import { beforeEach, describe, expect, it } from 'vitest';
import {
  applyDocumentSettings,
  DEFAULT_SETTINGS,
  loadSettings,
  nextTheme,
  saveSettings,
  settingsForLocale,
} from './ui-settings';

beforeEach(() => localStorage.clear());

describe('UI settings', () => {
  it('start from the spec defaults', () => {
    expect(loadSettings()).toEqual({
      theme: 'light',
      menu: 'vertical',
      layout: 'full',
      direction: 'ltr',
      navbar: 'navbar-sticky',
      semidark: false,
      animation: 'none',
      locale: 'en',
    });
  });

  it('survive a save and load, and ignore unknown values', () => {
    saveSettings({ ...DEFAULT_SETTINGS, theme: 'dark', menu: 'horizontal', animation: 'zoom-in' });
    expect(loadSettings()).toMatchObject({ theme: 'dark', menu: 'horizontal', animation: 'zoom-in' });
    localStorage.setItem('ui-settings', JSON.stringify({ theme: 'purple', locale: 'xx', semidark: 'yes' }));
    expect(loadSettings()).toEqual(DEFAULT_SETTINGS);
    localStorage.setItem('ui-settings', '{not json');
    expect(loadSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it('cycle the theme light → dark → system → light', () => {
    expect(nextTheme('light')).toBe('dark');
    expect(nextTheme('dark')).toBe('system');
    expect(nextTheme('system')).toBe('light');
  });

  it('make Arabic ("ae", any case) right-to-left and the others left-to-right', () => {
    expect(settingsForLocale(DEFAULT_SETTINGS, 'ae').direction).toBe('rtl');
    expect(settingsForLocale({ ...DEFAULT_SETTINGS, direction: 'rtl' }, 'fr').direction).toBe('ltr');
  });

  it('put the theme and direction on the document', () => {
    applyDocumentSettings({ ...DEFAULT_SETTINGS, theme: 'dark', direction: 'rtl' });
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.dir).toBe('rtl');
    applyDocumentSettings(DEFAULT_SETTINGS);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(document.documentElement.dir).toBe('ltr');
  });
});

import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '@ccap/locales/en.json' with { type: 'json' };
import { translateMessage } from './field-errors';

const i18n = createInstance();
await i18n.init({ lng: 'en', resources: { en: { translation: en } } });

describe('translateMessage', () => {
  it('reads the limit a rule carries into its text', () => {
    expect(translateMessage(i18n.t, 'validation.application.tooLong.60')).toBe('Use 60 characters or fewer');
    expect(translateMessage(i18n.t, 'validation.application.tooLong.254')).toBe('Use 254 characters or fewer');
  });

  it('translates a rule without a limit, and a bare zod message as required', () => {
    expect(translateMessage(i18n.t, 'validation.application.zip')).toBe(i18n.t('validation.application.zip'));
    expect(translateMessage(i18n.t, 'Invalid input: expected string, received undefined')).toBe('This is required');
  });
});

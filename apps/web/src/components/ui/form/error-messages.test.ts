import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import en from '@ccap/locales/en.json';
import { errorText, zodOptions } from './error-messages';

const i18n = createInstance();
await i18n.init({ lng: 'en', resources: { en: { translation: en } } });

describe('errorText', () => {
  it('reads the limit a rule carries into its text', () => {
    expect(errorText(i18n.t, 'validation.application.tooLong.60')).toBe('Use 60 characters or fewer');
    expect(errorText(i18n.t, 'validation.application.tooLong.254')).toBe('Use 254 characters or fewer');
  });

  it('translates a rule without a limit, and a bare zod message as required', () => {
    expect(errorText(i18n.t, 'validation.application.zip')).toBe(i18n.t('validation.application.zip'));
    expect(errorText(i18n.t, 'Invalid input: expected string, received undefined')).toBe('This is required');
  });
});

describe('the forms’ error map', () => {
  const messageOf = (schema: z.ZodType, value: unknown) =>
    errorText(i18n.t, schema.safeParse(value, zodOptions).error?.issues[0]?.message ?? '');

  it('says an empty or missing input is required', () => {
    expect(messageOf(z.string().min(1), '')).toBe('This is required');
    expect(messageOf(z.object({ name: z.string() }), {})).toBe('This is required');
  });

  it('says how long a string may be, and what an email address looks like', () => {
    expect(messageOf(z.string().max(5), 'too long')).toBe('Use 5 characters or fewer');
    expect(messageOf(z.email(), 'nope')).toBe(i18n.t('validation.application.email'));
  });

  it('keeps the i18n key a shared rule gives', () => {
    expect(messageOf(z.string().regex(/^\d{5}$/, 'validation.application.zip'), 'x')).toBe(
      i18n.t('validation.application.zip'),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { applicationPdfPath, applicationPdfQuerySchema, localeIntlTags } from './pdf';
import { localeCodes } from '../identity';

describe('application PDF contract', () => {
  it('builds the download path with the language and time zone asked for', () => {
    expect(applicationPdfPath(42)).toBe('/api/Application/42/pdf');
    expect(applicationPdfPath(42, 'ae', 'America/Chicago')).toBe(
      '/api/Application/42/pdf?lang=ae&tz=America%2FChicago',
    );
  });

  it('takes only the portal locale codes ("ae" is Arabic) and real time zones', () => {
    expect(applicationPdfQuerySchema.safeParse({ lang: 'ae', tz: 'Europe/Athens' }).success).toBe(true);
    expect(applicationPdfQuerySchema.safeParse({ lang: 'ar' }).success).toBe(false);
    expect(applicationPdfQuerySchema.safeParse({ tz: 'Mars/Olympus' }).success).toBe(false);
  });

  it('has a BCP 47 tag for every locale code, Arabic as "ar"', () => {
    expect(Object.keys(localeIntlTags).sort()).toEqual([...localeCodes].sort());
    expect(localeIntlTags.ae).toBe('ar');
  });
});

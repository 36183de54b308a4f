import { describe, expect, it } from 'vitest';
import { fileToBase64, formatRfiDate, titleCase } from './rfi-format';

describe('RFI formats', () => {
  it('shows dates as dd MMM, yyyy in English, in each other language its own pattern', () => {
    expect(formatRfiDate('2026-01-05T15:00:00.000Z', 'en')).toBe('05 Jan, 2026');
    expect(formatRfiDate('2026-01-15', 'en')).toBe('15 Jan, 2026');
    expect(formatRfiDate('2026-05-01', 'ja')).toBe('2026/05/01');
    expect(formatRfiDate('2026-05-01', 'zh')).toBe('2026年5月1日');
    expect(formatRfiDate('2026-05-01', 'ar')).toBe(
      new Intl.DateTimeFormat('ar', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(2026, 4, 1)),
    );
    expect(formatRfiDate('2026-05-01', 'ar')).not.toMatch(/, /);
    expect(formatRfiDate('2026-03-09', 'fr')).toBe('9 mars 2026');
    expect(formatRfiDate('2026-03-09', 'de')).toBe('09.03.2026');
    expect(formatRfiDate('2026-03-09', 'es')).toMatch(/^9 mar 2026$/);
  });

  it('writes a status in title case', () => {
    expect(titleCase('pending')).toBe('Pending');
    expect(titleCase('WAITING ON applicant')).toBe('Waiting On Applicant');
  });

  it('reads a file as base64 without the data-URL prefix', async () => {
    const encoded = await fileToBase64(new File(['%PDF-1.7'], 'a.pdf', { type: 'application/pdf' }));
    expect(encoded).toBe(btoa('%PDF-1.7'));
  });
});

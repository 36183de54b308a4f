import { describe, expect, it } from 'vitest';
import { fileToBase64, formatRfiDate, titleCase } from './rfi-format';

describe('RFI formats', () => {
  it('shows dates as dd MMM, yyyy, with the month in the reader’s language', () => {
    expect(formatRfiDate('2026-01-05T15:00:00.000Z', 'en')).toBe('05 Jan, 2026');
    expect(formatRfiDate('2026-01-15', 'en')).toBe('15 Jan, 2026');
    expect(formatRfiDate('2026-03-09', 'fr')).toMatch(/^09 mars, 2026$/);
    expect(formatRfiDate('2026-03-09', 'de')).toMatch(/^09 März, 2026$/);
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

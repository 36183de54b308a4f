import { describe, expect, it, vi } from 'vitest';
import { createIntlFormat, telHref } from './intl-format';

describe('createIntlFormat', () => {
  it('formats numbers, money, percentages and calendar dates in the language', () => {
    const en = createIntlFormat('en');
    expect(en.number(1234.5)).toBe('1,234.5');
    expect(en.money(1200)).toBe('$1,200.00');
    expect(en.money(28)).toBe('$28.00');
    expect(en.money(12.5)).toBe('$12.50');
    expect(en.percent(160)).toBe('160%');
    // A calendar date stays on its day whatever the time zone.
    expect(en.date('2024-07-01')).toBe('July 1, 2024');
    expect(createIntlFormat('de').number(1234.5)).toBe('1.234,5');
  });

  it("dates a moment by the day it was in the reader's time zone", () => {
    try {
      vi.stubEnv('TZ', 'America/Chicago');
      expect(createIntlFormat('en').dayOf('2026-11-26T02:30:00.000Z')).toBe('November 25, 2026');
      vi.stubEnv('TZ', 'UTC');
      expect(createIntlFormat('en').dayOf('2026-11-26T02:30:00.000Z')).toBe('November 26, 2026');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('reads a time of day "hh:mm" on the clock of the language, and nothing from anything else', () => {
    expect(createIntlFormat('en').timeOfDay('14:30')).toMatch(/^2:30\sPM$/);
    expect(createIntlFormat('de').timeOfDay('19:05')).toBe('19:05');
    for (const invalid of ['', '7', '25:00', '12:60', 'noon', '12:3']) {
      expect(createIntlFormat('en').timeOfDay(invalid)).toBe('');
    }
    expect(createIntlFormat('en').weekday(6)).toBe('Sunday');
  });

  it('joins lists, sizes files and splits dates in the language', () => {
    const en = createIntlFormat('en');
    expect(en.list(['Polk', 'Story', 'Linn'])).toBe('Polk, Story, and Linn');
    expect(en.orList(['PDF', 'JPEG'])).toBe('PDF or JPEG');
    expect(createIntlFormat('de').list(['Polk', 'Story'])).toBe('Polk und Story');
    expect(en.megabytes(15)).toBe('15 MB');
    expect(en.numberSeparators()).toEqual({ group: ',', decimal: '.' });
    expect(createIntlFormat('de').numberSeparators()).toEqual({ group: '.', decimal: ',' });
    const parts = en.dayMonthYearParts('2026-01-05');
    expect(parts.filter((part) => part.type !== 'literal').map((part) => part.value)).toEqual(['Jan', '05', '2026']);
  });
});

describe('telHref', () => {
  it('dials a 10-digit US number with its country code', () => {
    expect(telHref('(515) 555-0100')).toBe('tel:+15155550100');
  });
});

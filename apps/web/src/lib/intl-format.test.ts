import { describe, expect, it } from 'vitest';
import { createIntlFormat, telHref } from './intl-format';

describe('createIntlFormat', () => {
  it('formats numbers, money, percentages and calendar dates in the language', () => {
    const en = createIntlFormat('en');
    expect(en.number(1234.5)).toBe('1,234.5');
    expect(en.money(1200)).toBe('$1,200');
    expect(en.money(12.5)).toBe('$12.50');
    expect(en.percent(160)).toBe('160%');
    // A calendar date stays on its day whatever the time zone.
    expect(en.date('2024-07-01')).toBe('July 1, 2024');
    expect(createIntlFormat('de').number(1234.5)).toBe('1.234,5');
  });
});

describe('telHref', () => {
  it('dials a 10-digit US number with its country code', () => {
    expect(telHref('(515) 555-0100')).toBe('tel:+15155550100');
  });
});

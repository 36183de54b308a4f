import { describe, expect, it } from 'vitest';
import { programDay } from './program-day';

describe('programDay', () => {
  it("is the day in the program's time zone, not UTC's", () => {
    // 8:30 PM on the 25th in Iowa is already the 26th in UTC.
    const evening = new Date('2026-11-26T02:30:00Z');
    expect(programDay('America/Chicago', evening)).toBe('2026-11-25');
    expect(programDay('UTC', evening)).toBe('2026-11-26');
    expect(programDay('Pacific/Kiritimati', new Date('2026-11-25T10:00:00Z'))).toBe('2026-11-26');
  });

  it('moves by whole days, across months, years and the change to daylight saving time', () => {
    expect(programDay('America/Chicago', new Date('2026-12-31T18:00:00Z'), 10)).toBe('2027-01-10');
    expect(programDay('America/Chicago', new Date('2027-03-13T18:00:00Z'), 1)).toBe('2027-03-14');
    expect(programDay('America/Chicago', new Date('2026-03-01T18:00:00Z'), -1)).toBe('2026-02-28');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createRfiRequestSchema,
  isRfiDueDateAllowed,
  RFI_DUE_DATE_OUT_OF_RANGE,
  rfiDueDateRange,
  rfiRequestFormSchema,
} from './rfi';
import { todayIso } from '../application/rules';

afterEach(() => {
  vi.useRealTimers();
});

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('an RFI due date: one rule for the form and the API', () => {
  it('runs from today to a year from today, counted in days (a leap day included)', () => {
    expect(rfiDueDateRange('2026-01-15')).toEqual({ min: '2026-01-15', max: '2027-01-15' });
    expect(rfiDueDateRange('2027-03-01')).toEqual({ min: '2027-03-01', max: '2028-02-29' });
  });

  it('the form checks it against the reader’s today, with its own message', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 0, 15, 12));
    const form = (dueDate: string) =>
      rfiRequestFormSchema.safeParse({ serviceWorkerComment: 'Send the lease.', dueDate });
    expect(todayIso()).toBe('2026-01-15');
    for (const dueDate of ['', '2026-01-15', '2027-01-15']) expect(form(dueDate).success).toBe(true);
    for (const dueDate of ['2026-01-14', '2027-01-16']) {
      expect(messagesOf(form(dueDate))).toEqual([RFI_DUE_DATE_OUT_OF_RANGE]);
    }
    expect(messagesOf(form('15/01/2026'))).toEqual(['Invalid ISO date']);
  });

  it('the API takes any date that is today somewhere (UTC’s yesterday to tomorrow) as today', () => {
    const now = new Date('2026-01-15T03:00:00.000Z');
    expect(isRfiDueDateAllowed('2026-01-14', now)).toBe(true);
    expect(isRfiDueDateAllowed('2026-01-13', now)).toBe(false);
    expect(isRfiDueDateAllowed('2027-01-16', now)).toBe(true);
    expect(isRfiDueDateAllowed('2027-01-17', now)).toBe(false);
    // Whatever the reader's time zone, what their form takes, the API takes.
    for (const readerToday of ['2026-01-14', '2026-01-15', '2026-01-16']) {
      const { min, max } = rfiDueDateRange(readerToday);
      expect([isRfiDueDateAllowed(min, now), isRfiDueDateAllowed(max, now)]).toEqual([true, true]);
    }
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const create = createRfiRequestSchema.safeParse({
      applicationId: 1,
      serviceWorkerComment: 'Send the lease.',
      dueDate: '2020-01-01',
    });
    expect(create.error?.issues).toEqual([
      expect.objectContaining({ path: ['dueDate'], message: RFI_DUE_DATE_OUT_OF_RANGE }),
    ]);
    const malformed = createRfiRequestSchema.safeParse({
      applicationId: 1,
      serviceWorkerComment: 'x',
      dueDate: 'soon',
    });
    expect(messagesOf(malformed)).toEqual(['Invalid ISO date']);
  });
});

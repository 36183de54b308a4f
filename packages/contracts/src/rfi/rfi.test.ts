import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createRfiRequestSchema,
  isRfiDueDateAllowed,
  RFI_DUE_DATE_OUT_OF_RANGE,
  rfiDueDateRange,
  rfiRequestFormSchema,
} from './rfi';
import { countDaysIn, todayIso } from '../application/rules';

afterEach(() => {
  vi.useRealTimers();
  countDaysIn(undefined);
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

  it('the API counts on the program’s day, as the form does once the profile has arrived', () => {
    countDaysIn('America/Chicago');
    // 9 PM in Iowa on the 14th: the UTC date is already the 15th.
    const evening = new Date('2026-01-15T03:00:00.000Z');
    expect(isRfiDueDateAllowed('2026-01-14', evening)).toBe(true);
    expect(isRfiDueDateAllowed('2026-01-13', evening)).toBe(false);
    expect(isRfiDueDateAllowed('2027-01-14', evening)).toBe(true);
    expect(isRfiDueDateAllowed('2027-01-15', evening)).toBe(false);
    // 10 AM in Iowa on the 15th: yesterday would be overdue at once (UTC's yesterday was taken before).
    const morning = new Date('2026-01-15T16:00:00.000Z');
    expect(isRfiDueDateAllowed('2026-01-14', morning)).toBe(false);
    // What the form takes on the program's day, the API takes.
    const { min, max } = rfiDueDateRange(todayIso(morning));
    expect([isRfiDueDateAllowed(min, morning), isRfiDueDateAllowed(max, morning)]).toEqual([true, true]);
    const now = evening;
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

describe('the subject of a new RFI', () => {
  it('is an application or a reported change, exactly one of them', () => {
    const base = { serviceWorkerComment: 'Send the lease.' };
    expect(createRfiRequestSchema.safeParse({ ...base, applicationId: 1 }).success).toBe(true);
    expect(createRfiRequestSchema.safeParse({ ...base, changeId: 4 }).success).toBe(true);
    for (const body of [base, { ...base, applicationId: 1, changeId: 4 }]) {
      const parsed = createRfiRequestSchema.safeParse(body);
      expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ['applicationId'] })]);
    }
  });
});

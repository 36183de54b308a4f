import { describe, expect, it } from 'vitest';
import { ageGroupCodes } from '../application/lookups';
import { plusDays, todayIso } from '../days';
import { closureInputSchema, OPENING_AGE_GROUPS, openingsInputSchema } from './availability';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('the availability contract', () => {
  it('keeps openings for the program’s AgeGroup lookup codes', () => {
    expect([...OPENING_AGE_GROUPS]).toEqual([...ageGroupCodes]);
  });

  it('takes a temporary closure from today, and a permanent one with no last day', () => {
    const today = todayIso();
    expect(
      closureInputSchema.safeParse({ kind: 'temporary', startsOn: today, endsOn: today, reason: 'Ill' }).success,
    ).toBe(true);
    expect(
      closureInputSchema.parse({ kind: 'permanent', startsOn: plusDays(today, 3), endsOn: '', reason: ' Retiring ' }),
    ).toEqual({ kind: 'permanent', startsOn: plusDays(today, 3), endsOn: null, reason: 'Retiring' });
  });

  it('names each broken rule on its field', () => {
    const today = todayIso();
    expect(
      messagesOf(closureInputSchema.safeParse({ kind: 'temporary', startsOn: plusDays(today, -1), reason: 'x' })),
    ).toEqual([
      ['startsOn', 'validation.availability.startsInPast'],
      ['endsOn', 'validation.availability.endRequired'],
    ]);
    expect(
      messagesOf(
        closureInputSchema.safeParse({ kind: 'temporary', startsOn: plusDays(today, 2), endsOn: today, reason: 'x' }),
      ),
    ).toEqual([['endsOn', 'validation.availability.endsBeforeStart']]);
    expect(
      messagesOf(closureInputSchema.safeParse({ kind: 'temporary', startsOn: today, endsOn: today, reason: '' })),
    ).toEqual([['reason', 'validation.availability.reasonRequired']]);
  });

  it('takes whole counts from 0 to 99, an empty one as none, each age group once', () => {
    expect(openingsInputSchema.parse({ openings: [{ ageGroup: 'preschool', count: '' }] })).toEqual({
      openings: [{ ageGroup: 'preschool', count: 0 }],
    });
    for (const count of [-1, 100, 2.5, 'two'])
      expect(
        messagesOf(openingsInputSchema.safeParse({ openings: [{ ageGroup: 'preschool', count }] })),
        String(count),
      ).toEqual([['openings.0.count', 'validation.availability.openings']]);
  });
});

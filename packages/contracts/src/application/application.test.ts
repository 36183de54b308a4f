import { describe, expect, it, vi } from 'vitest';
import {
  applicationStepIds,
  directoryTypeOf,
  providerTypeCodeIssues,
  stepStates,
  submissionIssues,
} from './application';
import type { DraftApplication } from './draft-application';
import { ageOn, countDaysIn, latestTodayIso, maskTin, todayIso } from './rules';
import {
  adultSchema,
  assistantSchema,
  childSchema,
  conditionsFormSchema,
  conditionsSchema,
  operationHoursSchema,
  providerInfoSchema,
  ratesInfoSchema,
  w9InfoSchema,
} from './steps';

const yearsAgo = (years: number, days = 0) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
};
const pathsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('the application steps', () => {
  it('are the spec eleven, in order', () => {
    expect(applicationStepIds).toEqual([
      'apply-category',
      'category-types-v1',
      'provider-information',
      'address-form',
      'assistant-form',
      'child-form',
      'adult-form',
      'w9-info-form',
      'rates-info-form',
      'operation-hours-form',
      'complete-application-form',
    ]);
  });

  it('require exactly the spec required steps at submission', () => {
    const issues = submissionIssues({ providerType: 'registeredprovider' });
    expect(issues.map((issue) => issue.step)).toEqual([
      'provider-information',
      'address-form',
      'child-form',
      'adult-form',
      'w9-info-form',
      'rates-info-form',
      'complete-application-form',
    ]);
  });

  it('report a started optional step with errors, and a valid one as done', () => {
    const draft: Partial<DraftApplication> = {
      providerType: 'unregisteredprovider',
      assistants: { members: [{ firstName: 'Ana', lastName: 'Diaz', dateOfBirth: yearsAgo(13) }] },
      operationHoursInfo: {
        days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
          day,
          open: false,
        })),
        eveningOvernightCare: false,
        weekendCare: false,
        transportation: true,
      },
    };
    const states = Object.fromEntries(stepStates(draft).map((step) => [step.id, step]));
    expect(states['assistant-form']).toMatchObject({
      state: 'has-errors',
      issues: [{ path: 'assistants.members.0.dateOfBirth', message: 'validation.application.assistantAge' }],
    });
    expect(states['operation-hours-form']?.state).toBe('done');
    expect(states['provider-information']?.state).toBe('to-do');
  });

  it('tell apart the two steps that share categoryTypes: a skipped one stays to do', () => {
    const states = Object.fromEntries(
      stepStates({
        providerType: 'registeredprovider',
        categoryTypes: { categoryCode: 'cdh-a', agesServed: ['preschool'], capacity: 6 },
      }).map((step) => [step.id, step.state]),
    );
    expect(states['apply-category']).toBe('to-do');
    expect(states['category-types-v1']).toBe('done');
  });
});

describe('people in the home', () => {
  it('assistants are 14 or older', () => {
    expect(assistantSchema.safeParse({ firstName: 'A', lastName: 'B', dateOfBirth: yearsAgo(14) }).success).toBe(true);
    expect(
      pathsOf(assistantSchema.safeParse({ firstName: 'A', lastName: 'B', dateOfBirth: yearsAgo(14, -1) })),
    ).toEqual(['dateOfBirth: validation.application.assistantAge']);
  });

  it('adults are 18 or older', () => {
    expect(
      adultSchema.safeParse({ firstName: 'A', lastName: 'B', dateOfBirth: yearsAgo(18), relationshipCode: 'spouse' })
        .success,
    ).toBe(true);
    expect(
      adultSchema.safeParse({ firstName: 'A', lastName: 'B', dateOfBirth: yearsAgo(17), relationshipCode: 'spouse' })
        .success,
    ).toBe(false);
  });

  it('children in the home are under 18, or up to 18 with special needs', () => {
    const child = (years: number, specialNeeds: boolean) =>
      childSchema.safeParse({
        firstName: 'C',
        lastName: 'D',
        dateOfBirth: yearsAgo(years),
        relationshipCode: 'child',
        specialNeeds,
      }).success;
    expect(child(12, false)).toBe(true);
    // A teenager lives in the home too (and over 14 has a record check): not a child in care,
    // but one to declare.
    expect(child(15, false)).toBe(true);
    expect(child(17, false)).toBe(true);
    expect(child(18, false)).toBe(false);
    expect(child(18, true)).toBe(true);
    expect(child(19, true)).toBe(false);
  });

  it('names and a date of birth in the past are required', () => {
    const result = childSchema.safeParse({
      firstName: ' ',
      lastName: '',
      dateOfBirth: '2999-01-01',
      relationshipCode: '',
    });
    expect(pathsOf(result)).toEqual(
      expect.arrayContaining([
        'firstName: validation.required',
        'lastName: validation.required',
        'dateOfBirth: validation.application.dateInFuture',
        'relationshipCode: validation.required',
      ]),
    );
  });
});

describe('text limits', () => {
  it('name the limit of each field in the message code', () => {
    const result = providerInfoSchema.safeParse({
      firstName: 'N'.repeat(61),
      lastName: 'Provider',
      dateOfBirth: '1985-04-12',
      phone: '515-555-0123',
      email: `${'n'.repeat(250)}@example.gov`,
      businessName: 'B'.repeat(121),
    });
    expect(pathsOf(result)).toEqual(
      expect.arrayContaining([
        'firstName: validation.application.tooLong.60',
        'businessName: validation.application.tooLong.120',
        'email: validation.application.tooLong.254',
      ]),
    );
  });
});

describe('W-9, rates and hours', () => {
  const w9 = (tinType: 'ssn' | 'ein', tin: string) =>
    w9InfoSchema.safeParse({
      legalName: 'Pat Provider',
      taxClassificationCode: 'individual',
      tinType,
      tin,
      address: { address1: '1 Main St', city: 'Ames', state: 'IA', zipCode: '50010' },
      certified: true,
    });

  it('checks the taxpayer number by its type', () => {
    expect(w9('ssn', '123-45-6789').success).toBe(true);
    expect(pathsOf(w9('ssn', '12-3456789'))).toEqual(['tin: validation.application.ssn']);
    // A number never issued says which rule it breaks, not only "9 digits".
    expect(pathsOf(w9('ssn', '987-65-4321'))).toEqual(['tin: validation.application.ssnArea9']);
    expect(pathsOf(w9('ssn', '000-12-3456'))).toEqual(['tin: validation.application.ssnArea000']);
    expect(pathsOf(w9('ssn', '666-12-3456'))).toEqual(['tin: validation.application.ssnArea666']);
    expect(pathsOf(w9('ssn', '123-00-4567'))).toEqual(['tin: validation.application.ssnGroup00']);
    expect(pathsOf(w9('ssn', '123-45-0000'))).toEqual(['tin: validation.application.ssnSerial0000']);
    expect(w9('ssn', '123456789').success).toBe(true);
    expect(w9('ein', '12-3456789').success).toBe(true);
    expect(pathsOf(w9('ein', '123-45-6789'))).toEqual(['tin: validation.application.ein']);
    expect(maskTin('123-45-6789')).toBe('•••••6789');
  });

  it('rates are money with two decimals for each age group', () => {
    const rate = { basic: 16.63, specialNeeds: 24.95 };
    const rates = { 'infant-toddler': rate, preschool: { basic: 15, specialNeeds: 22.5 }, 'school-age': rate };
    expect(ratesInfoSchema.safeParse({ rates }).success).toBe(true);
    expect(
      pathsOf(ratesInfoSchema.safeParse({ rates: { ...rates, preschool: { basic: 15.001, specialNeeds: -1 } } })),
    ).toEqual([
      'rates.preschool.basic: validation.application.money',
      'rates.preschool.specialNeeds: validation.application.money',
    ]);
    // A rate left empty is a missing answer, not a wrong amount.
    expect(pathsOf(ratesInfoSchema.safeParse({ rates: { ...rates, preschool: { basic: 15 } } }))).toEqual([
      'rates.preschool.specialNeeds: validation.required',
    ]);
  });

  it('opening hours close at another time than they open, overnight too', () => {
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
      day,
      open: false,
    }));
    const withMonday = (start: string, end: string) => ({
      days: [{ day: 'monday', open: true, start, end }, ...days.slice(1)],
      eveningOvernightCare: false,
      weekendCare: false,
      transportation: false,
    });
    expect(operationHoursSchema.safeParse(withMonday('07:00', '17:30')).success).toBe(true);
    // Overnight care: from the evening to the next morning, when it is offered.
    expect(
      operationHoursSchema.safeParse({ ...withMonday('18:00', '06:00'), eveningOvernightCare: true }).success,
    ).toBe(true);
    // Not offered: the times were swapped, or the box forgotten; the closing time says which.
    expect(pathsOf(operationHoursSchema.safeParse(withMonday('17:30', '07:00')))).toEqual([
      'days.0.end: validation.application.overnightNotOffered',
    ]);
    expect(pathsOf(operationHoursSchema.safeParse(withMonday('07:00', '07:00')))).toEqual([
      'days.0.end: validation.application.startBeforeEnd',
    ]);
  });

  it('hours on a Saturday or a Sunday are weekend care, and the answer must say so', () => {
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
      day,
      open: day === 'saturday',
      ...(day === 'saturday' ? { start: '08:00', end: '12:00' } : {}),
    }));
    const hours = { days, eveningOvernightCare: false, transportation: false };
    expect(pathsOf(operationHoursSchema.safeParse({ ...hours, weekendCare: false }))).toEqual([
      'weekendCare: validation.application.weekendHoursNotOffered',
    ]);
    expect(operationHoursSchema.safeParse({ ...hours, weekendCare: true }).success).toBe(true);
  });
});

describe('ageOn', () => {
  it('counts whole years, birthdays included', () => {
    expect(ageOn('2012-11-21', '2026-11-21')).toBe(14);
    expect(ageOn('2012-11-22', '2026-11-21')).toBe(13);
  });
});

describe('the signature', () => {
  const signedOn = (date: string) =>
    pathsOf(
      conditionsSchema.safeParse({
        accepted: true,
        listInDirectory: false,
        signature: { fullName: 'Nia Provider', signedOn: date },
      }),
    );

  it('is dated today, never a day that has not begun anywhere', () => {
    expect(signedOn(todayIso())).toEqual([]);
    expect(signedOn('2099-12-31')).toEqual(['signature.signedOn: validation.application.dateInFuture']);
    const tomorrowEverywhere = new Date(Date.now() + 38 * 3_600_000).toISOString().slice(0, 10);
    expect(signedOn(tomorrowEverywhere)).toEqual(['signature.signedOn: validation.application.dateInFuture']);
  });

  it('is dated no later than today on the review form, where the day is known', () => {
    const conditions = (date: string) => ({
      accepted: true,
      listInDirectory: false,
      signature: { fullName: 'Nia Provider', signedOn: date },
    });
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-21T15:00:00Z'));
      countDaysIn('America/Chicago');
      expect(conditionsFormSchema.safeParse(conditions('2026-11-21')).success).toBe(true);
      // Tomorrow has begun in UTC+14: the API takes it, the form does not.
      expect(conditionsSchema.safeParse(conditions('2026-11-22')).success).toBe(true);
      expect(pathsOf(conditionsFormSchema.safeParse(conditions('2026-11-22')))).toEqual([
        'signature.signedOn: validation.application.dateInFuture',
      ]);
      expect(pathsOf(conditionsFormSchema.safeParse(conditions('2099-01-01')))).toEqual([
        'signature.signedOn: validation.application.dateInFuture',
      ]);
    } finally {
      countDaysIn(undefined);
      vi.useRealTimers();
    }
  });

  it('takes the day of the time zone furthest ahead (UTC+14) as the latest today', () => {
    expect(latestTodayIso(new Date('2026-11-21T09:59:00Z'))).toBe('2026-11-21');
    expect(latestTodayIso(new Date('2026-11-21T10:00:00Z'))).toBe('2026-11-22');
  });
});

describe("todayIso in the program's time zone", () => {
  it('counts the day where the program is once told, on the server as in the browser', () => {
    try {
      vi.stubEnv('TZ', 'UTC');
      countDaysIn('America/Chicago');
      expect(todayIso(new Date('2026-11-22T02:30:00Z'))).toBe('2026-11-21');
      // The evening before an 18th birthday in Iowa: still a child, on every machine.
      const child = { firstName: 'C', lastName: 'D', relationshipCode: 'child', specialNeeds: false };
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-22T02:30:00Z'));
      expect(childSchema.safeParse({ ...child, dateOfBirth: '2008-11-22' }).success).toBe(true);
    } finally {
      vi.useRealTimers();
      countDaysIn(undefined);
      vi.unstubAllEnvs();
    }
  });
});

describe('todayIso', () => {
  it('is the day where it runs: an evening in Iowa is not yet the next UTC day', () => {
    try {
      vi.stubEnv('TZ', 'America/Chicago');
      expect(todayIso(new Date('2026-11-22T02:30:00Z'))).toBe('2026-11-21');
      vi.stubEnv('TZ', 'UTC');
      expect(todayIso(new Date('2026-11-22T02:30:00Z'))).toBe('2026-11-22');
      expect(todayIso(new Date('2026-01-05T00:00:00Z'))).toBe('2026-01-05');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('directoryTypeOf', () => {
  it("lists registered and non-registered homes under their type, never care in the child's home", () => {
    const unregistered = (categoryTypes: Record<string, unknown>) =>
      directoryTypeOf({ providerType: 'unregisteredprovider', categoryTypes });
    expect(directoryTypeOf({ providerType: 'registeredprovider' })).toBe('registered-cdh');
    expect(unregistered({ providerTypeCode: 'non-registered-home' })).toBe('non-registered-home');
    expect(unregistered({ providerTypeCode: 'non-registered-in-home' })).toBeUndefined();
    // A non-registered application that never said which kind it is has no type to be found by.
    expect(unregistered({ capacity: 5 })).toBeUndefined();
    expect(unregistered({ providerTypeCode: 'x' })).toBeUndefined();
    // Only the application's own kinds count: a registered code is no claim to be registered.
    expect(unregistered({ providerTypeCode: 'registered-cdh' })).toBeUndefined();
    expect(
      directoryTypeOf({
        providerType: 'registeredprovider',
        categoryTypes: { providerTypeCode: 'non-registered-in-home' },
      }),
    ).toBe('registered-cdh');
    expect(
      providerTypeCodeIssues({
        providerType: 'unregisteredprovider',
        categoryTypes: { providerTypeCode: 'registered-cdh' },
      }),
    ).toEqual([{ path: 'categoryTypes.providerTypeCode', message: 'validation.application.providerTypeCode' }]);
    expect(
      providerTypeCodeIssues({
        providerType: 'unregisteredprovider',
        categoryTypes: { providerTypeCode: 'non-registered-home' },
      }),
    ).toEqual([]);
  });
});

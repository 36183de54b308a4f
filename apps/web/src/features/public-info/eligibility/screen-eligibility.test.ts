import { describe, expect, it } from 'vitest';
import { testProfile } from '@/test/handlers';
import { incomeLimit, screenEligibility, type ScreenerAnswers } from './screen-eligibility';

const rules = testProfile.eligibility;
const { firstPerson, eachAdditionalPerson } = rules.federalPovertyGuideline;

const answers = (overrides: Partial<ScreenerAnswers> = {}): ScreenerAnswers => ({
  childAge: 4,
  specialNeeds: false,
  weeklyHours: rules.averageWorkHoursPerWeek,
  householdSize: 3,
  yearlyIncome: 20_000,
  ...overrides,
});

const failed = (result: ReturnType<typeof screenEligibility>) =>
  result.checks.filter((check) => !check.met).map((check) => check.id);

describe('incomeLimit', () => {
  it('is the poverty guideline for the household times the program percentage', () => {
    expect(incomeLimit(rules, 1, false)).toBe((firstPerson * rules.incomeLimitPercentOfPoverty) / 100);
    expect(incomeLimit(rules, 4, false)).toBe(
      ((firstPerson + 3 * eachAdditionalPerson) * rules.incomeLimitPercentOfPoverty) / 100,
    );
  });

  it('uses the special-needs percentage when the child has a special need', () => {
    expect(incomeLimit(rules, 4, true)).toBe(
      ((firstPerson + 3 * eachAdditionalPerson) * rules.incomeLimitPercentOfPovertySpecialNeeds) / 100,
    );
  });

  it('works from the shipped 2025 figures: $25,040 for one person at 160%', () => {
    expect(
      incomeLimit(
        { ...rules, federalPovertyGuideline: { year: 2025, firstPerson: 15650, eachAdditionalPerson: 5500 } },
        1,
        false,
      ),
    ).toBe(25_040);
  });
});

describe('screenEligibility', () => {
  it('says a family that meets every rule may qualify', () => {
    const result = screenEligibility(rules, answers());
    expect(result.mayQualify).toBe(true);
    expect(failed(result)).toEqual([]);
  });

  it('accepts an income exactly at the limit, and refuses one dollar more', () => {
    const limit = incomeLimit(rules, 3, false);
    expect(screenEligibility(rules, answers({ yearlyIncome: limit })).mayQualify).toBe(true);
    const over = screenEligibility(rules, answers({ yearlyIncome: limit + 1 }));
    expect(over.mayQualify).toBe(false);
    expect(failed(over)).toEqual(['income']);
    expect(over.checks.find((check) => check.id === 'income')).toMatchObject({
      income: limit + 1,
      limit,
      householdSize: 3,
      percent: rules.incomeLimitPercentOfPoverty,
    });
  });

  it('computes the limit for a household of one from the first person alone', () => {
    const limit = (firstPerson * rules.incomeLimitPercentOfPoverty) / 100;
    expect(screenEligibility(rules, answers({ householdSize: 1, yearlyIncome: limit })).mayQualify).toBe(true);
    expect(failed(screenEligibility(rules, answers({ householdSize: 1, yearlyIncome: limit + 0.01 })))).toEqual([
      'income',
    ]);
  });

  it('takes a child under the age limit, not one at it', () => {
    expect(screenEligibility(rules, answers({ childAge: rules.childAgeLimit - 1 })).mayQualify).toBe(true);
    expect(failed(screenEligibility(rules, answers({ childAge: rules.childAgeLimit })))).toEqual(['age']);
  });

  it('takes a child with special needs up to the higher age limit: 18 yes, 19 no', () => {
    expect(screenEligibility(rules, answers({ childAge: 18, specialNeeds: true })).mayQualify).toBe(true);
    expect(failed(screenEligibility(rules, answers({ childAge: 18, specialNeeds: false })))).toEqual(['age']);
    expect(
      failed(screenEligibility(rules, answers({ childAge: rules.specialNeedsChildAgeLimit, specialNeeds: true }))),
    ).toEqual(['age']);
  });

  it('raises the income limit with a special need', () => {
    const income = incomeLimit(rules, 3, false) + 1000;
    expect(screenEligibility(rules, answers({ yearlyIncome: income })).mayQualify).toBe(false);
    expect(screenEligibility(rules, answers({ yearlyIncome: income, specialNeeds: true })).mayQualify).toBe(true);
  });

  it('needs the average weekly hours of work or training', () => {
    expect(failed(screenEligibility(rules, answers({ weeklyHours: rules.averageWorkHoursPerWeek - 1 })))).toEqual([
      'hours',
    ]);
  });

  it('lists every reason when several rules are not met', () => {
    const result = screenEligibility(rules, answers({ childAge: 15, weeklyHours: 10, yearlyIncome: 1_000_000 }));
    expect(result.mayQualify).toBe(false);
    expect(failed(result)).toEqual(['age', 'hours', 'income']);
  });
});

describe('numbers typed in the reader’s language', () => {
  it('reads thousands and decimals the way each language writes them', async () => {
    const { parseLocalizedNumber } = await import('./eligibility-screener');
    expect(parseLocalizedNumber('$35,000', 'en')).toBe(35000);
    expect(parseLocalizedNumber('35.000', 'de')).toBe(35000);
    expect(parseLocalizedNumber('27,5', 'de')).toBe(27.5);
    expect(parseLocalizedNumber('35 000,50', 'fr')).toBe(35000.5);
    expect(parseLocalizedNumber('thirty', 'en')).toBeNaN();
    expect(parseLocalizedNumber('', 'en')).toBeNaN();
  });
});

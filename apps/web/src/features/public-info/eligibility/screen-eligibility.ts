import type { ProgramProfile } from '@ccap/contracts';

export type EligibilityRules = ProgramProfile['eligibility'];

export interface ScreenerAnswers {
  /** The child's age in whole years. */
  childAge: number;
  specialNeeds: boolean;
  /** Average hours a week the parent works or is in school or training. */
  weeklyHours: number;
  householdSize: number;
  /** Yearly household income before taxes, in dollars. */
  yearlyIncome: number;
}

/** One test of the screener, with the figures needed to explain it in plain words. */
export type ScreenerCheck =
  | { id: 'age'; met: boolean; age: number; limit: number; specialNeeds: boolean }
  | { id: 'hours'; met: boolean; hours: number; required: number }
  | {
      id: 'income';
      met: boolean;
      income: number;
      limit: number;
      householdSize: number;
      percent: number;
      guidelineYear: number;
    };

export interface ScreenerResult {
  mayQualify: boolean;
  checks: ScreenerCheck[];
}

/**
 * The yearly income limit for a household: the federal poverty guideline for its size times
 * the program's percentage (the higher one when the child has a special need).
 */
export function incomeLimit(rules: EligibilityRules, householdSize: number, specialNeeds: boolean): number {
  const { firstPerson, eachAdditionalPerson } = rules.federalPovertyGuideline;
  const guideline = firstPerson + eachAdditionalPerson * (Math.max(1, householdSize) - 1);
  const percent = specialNeeds ? rules.incomeLimitPercentOfPovertySpecialNeeds : rules.incomeLimitPercentOfPoverty;
  // Multiply before dividing, and round to cents, so 160% of a whole-dollar guideline stays exact.
  return Math.round(((guideline * percent) / 100) * 100) / 100;
}

/**
 * A first look at whether a family may get Child Care Assistance, from the program's published
 * rules. Only the state decides. The child must be under the age limit (the higher one with a
 * special need), the parent must work or train the average weekly hours, and the income must
 * not exceed the limit: an income exactly at the limit is treated as meeting it, because the
 * screener should never turn away a family the state might accept.
 */
export function screenEligibility(rules: EligibilityRules, answers: ScreenerAnswers): ScreenerResult {
  const ageLimit = answers.specialNeeds ? rules.specialNeedsChildAgeLimit : rules.childAgeLimit;
  const limit = incomeLimit(rules, answers.householdSize, answers.specialNeeds);
  const checks: ScreenerCheck[] = [
    {
      id: 'age',
      met: answers.childAge < ageLimit,
      age: answers.childAge,
      limit: ageLimit,
      specialNeeds: answers.specialNeeds,
    },
    {
      id: 'hours',
      met: answers.weeklyHours >= rules.averageWorkHoursPerWeek,
      hours: answers.weeklyHours,
      required: rules.averageWorkHoursPerWeek,
    },
    {
      id: 'income',
      met: answers.yearlyIncome <= limit,
      income: answers.yearlyIncome,
      limit,
      householdSize: answers.householdSize,
      percent: answers.specialNeeds ? rules.incomeLimitPercentOfPovertySpecialNeeds : rules.incomeLimitPercentOfPoverty,
      guidelineYear: rules.federalPovertyGuideline.year,
    },
  ];
  return { mayQualify: checks.every((check) => check.met), checks };
}

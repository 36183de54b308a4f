import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { programProfileSchema } from '../program-profile';
import { applicationSteps, stepSchemaWithRules, stepStates, submissionIssues } from './application';
import type { DraftApplication } from './draft-application';
import { parseApplication } from './draft-application';
import {
  type ApplicationRules,
  applicationRuleIssues,
  applicationRulesInForce,
  applyApplicationRules,
  rateRulesFor,
} from './program-rules';

// The rules as the shipped profile gives them: every figure below is read from it, so a state
// that changes its profile changes what these tests check, not the code.
const profile = programProfileSchema.parse(
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../../apps/api/profiles/default.json'), 'utf8')),
);
const rules = profile.applicationRules!;
const category = (code: string) => rules.categories.find((entry) => entry.code === code)!;
const type = (code: string) => rules.providerTypes.find((entry) => entry.code === code)!;

type Draft = Partial<DraftApplication>;
const registered = (categoryTypes: Record<string, unknown>): Draft => ({
  providerType: 'registeredprovider',
  categoryTypes: {
    providerTypeCode: 'registered-cdh',
    agesServed: ['preschool'],
    qualityRating: 'none',
    ...categoryTypes,
  },
});
const issuesOf = (draft: Draft, step = 'category-types-v1') =>
  applicationRuleIssues(draft, rules)
    .filter((issue) => issue.step === step)
    .map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('the program rules of the shipped profile', () => {
  it('name their sources, and C1 besides A, B and C', () => {
    expect(rules.source).toMatch(/441 IAC 110/);
    expect(rules.rates?.source).toMatch(/441 IAC 170\.4\(7\)/);
    expect(rules.rates?.effective).toBe('2024-07-01');
    expect(rules.categories.map((entry) => entry.code)).toEqual(['cdh-a', 'cdh-b', 'cdh-c', 'cdh-c1']);
  });

  it.each(['cdh-a', 'cdh-b'])('hold category %s to each of its limits by age', (code) => {
    const limits = category(code).limits;
    const within = {
      categoryCode: code,
      capacity: 16,
      preschoolChildren: limits.preschoolChildren!,
      childrenUpTo24Months: limits.childrenUpTo24Months!,
      childrenUpTo12Months: limits.childrenUpTo12Months!,
      schoolAgeChildren: limits.schoolAgeChildren ?? 0,
    };
    expect(issuesOf(registered(within))).toEqual([]);
    for (const field of [
      'preschoolChildren',
      'childrenUpTo24Months',
      'childrenUpTo12Months',
      'schoolAgeChildren',
    ] as const) {
      const max = limits[field];
      if (max === undefined) continue;
      // One over the limit (the counts it is part of raised too, so only the limit is broken).
      const over = { ...within, [field]: max + 1 };
      if (field !== 'schoolAgeChildren') {
        for (const whole of ['preschoolChildren', 'childrenUpTo24Months'] as const) {
          if (field === whole) break;
          over[whole] = Math.max(over[whole], max + 1);
        }
      }
      expect(issuesOf(registered(over))).toContain(`${field}: validation.application.categoryLimit.${max}`);
    }
  });

  it('give category A at most 6 preschool children, 4 aged 24 months or younger, 3 aged 12 months or younger', () => {
    expect(category('cdh-a').limits).toEqual({
      preschoolChildren: 6,
      childrenUpTo24Months: 4,
      childrenUpTo12Months: 3,
    });
    expect(category('cdh-b').limits).toMatchObject({ preschoolChildren: 8, schoolAgeChildren: 4 });
    expect(category('cdh-c')).toMatchObject({ limits: { capacity: 16 }, providersPresent: 2 });
  });

  it('ask the counts by age of a category that limits them, each part of the one before', () => {
    expect(issuesOf(registered({ categoryCode: 'cdh-a', capacity: 6 }))).toEqual([
      'preschoolChildren: validation.required',
      'childrenUpTo24Months: validation.required',
      'childrenUpTo12Months: validation.required',
      'schoolAgeChildren: validation.required',
    ]);
    const draft = registered({
      categoryCode: 'cdh-a',
      capacity: 5,
      preschoolChildren: 6,
      childrenUpTo24Months: 2,
      childrenUpTo12Months: 3,
      schoolAgeChildren: 0,
    });
    expect(issuesOf(draft)).toEqual([
      'preschoolChildren: validation.application.ageCountPart',
      'childrenUpTo12Months: validation.application.ageCountPart',
    ]);
  });

  it('want two providers present in category C, and no more than its capacity', () => {
    const max = category('cdh-c').limits.capacity!;
    expect(issuesOf(registered({ categoryCode: 'cdh-c', capacity: max }))).toEqual([
      'secondProviderPresent: validation.application.secondProvider',
    ]);
    expect(issuesOf(registered({ categoryCode: 'cdh-c', capacity: max, secondProviderPresent: true }))).toEqual([]);
    // Past the schema's own limit, the category's is reported too (the schema's message is shown first).
    expect(issuesOf(registered({ categoryCode: 'cdh-c', capacity: max + 1, secondProviderPresent: true }))).toEqual([
      `capacity: validation.application.categoryLimit.${max}`,
    ]);
  });

  it('keep a home that is not registered to its most children', () => {
    const max = type('non-registered-home').maxChildren!;
    expect(max).toBe(5);
    const home = (capacity: number): Draft => ({
      providerType: 'unregisteredprovider',
      categoryTypes: {
        providerTypeCode: 'non-registered-home',
        categoryCode: 'home',
        agesServed: ['preschool'],
        capacity,
      },
    });
    expect(issuesOf(home(max))).toEqual([]);
    expect(issuesOf(home(max + 1))).toEqual([`capacity: validation.application.homeLimit.${max}`]);
  });

  it('want care in the child’s home for enough children eligible for assistance', () => {
    const min = type('non-registered-in-home').minEligibleChildren!;
    expect(min).toBe(3);
    const inHome = (eligibleChildren?: number): Draft => ({
      providerType: 'unregisteredprovider',
      categoryTypes: {
        providerTypeCode: 'non-registered-in-home',
        categoryCode: 'in-home',
        agesServed: ['preschool'],
        capacity: 4,
        eligibleChildren,
      },
    });
    expect(issuesOf(inHome())).toEqual(['eligibleChildren: validation.required']);
    expect(issuesOf(inHome(min - 1))).toEqual([`eligibleChildren: validation.application.inHomeMinimum.${min}`]);
    expect(issuesOf(inHome(min))).toEqual([]);
  });

  it('ask the quality rating of a registered home only, from the profile’s levels', () => {
    const base = { categoryCode: 'cdh-c1', capacity: 6 };
    expect(issuesOf(registered({ ...base, qualityRating: undefined }))).toEqual(['qualityRating: validation.required']);
    expect(issuesOf(registered({ ...base, qualityRating: '6' }))).toEqual(['qualityRating: validation.required']);
    for (const level of [...rules.qualityRatingLevels, 'none']) {
      expect(issuesOf(registered({ ...base, qualityRating: level }))).toEqual([]);
    }
  });
});

describe('the maximum rates of the shipped profile', () => {
  const grid = (amount: number) => ({
    'infant-toddler': { basic: amount, specialNeeds: amount },
    preschool: { basic: amount, specialNeeds: amount },
    'school-age': { basic: amount, specialNeeds: amount },
  });

  it.each(
    rules.rates!.tables.flatMap((table) =>
      (table.qualityRatings ?? ['none']).map((rating) => [table, rating] as const),
    ),
  )('refuse each rate over its maximum (%#)', (table, rating) => {
    const draft: Draft = {
      providerType: table.providerTypeCode === 'registered-cdh' ? 'registeredprovider' : 'unregisteredprovider',
      categoryTypes: {
        providerTypeCode: table.providerTypeCode,
        categoryCode: table.categoryCodes?.[0] ?? 'home',
        qualityRating: rating,
      },
      ratesInfo: { rates: table.maximums },
    };
    expect(rateRulesFor(draft, rules).table).toBe(table);
    expect(issuesOf(draft, 'rates-info-form')).toEqual([]);
    const cents = (value: number) => Math.round(value * 100 + 1) / 100;
    const over = Object.fromEntries(
      Object.entries(table.maximums).map(([code, rate]) => [
        code,
        { basic: cents(rate.basic), specialNeeds: cents(rate.specialNeeds) },
      ]),
    );
    expect(issuesOf({ ...draft, ratesInfo: { rates: over } }, 'rates-info-form')).toHaveLength(6);
    expect(issuesOf({ ...draft, ratesInfo: { rates: over } }, 'rates-info-form')[0]).toBe(
      'rates.infant-toddler.basic: validation.application.rateAboveMaximum',
    );
  });

  it('read a higher rating’s higher maximum (category A, preschool, level 5 over no rating)', () => {
    const draft = (qualityRating: string): Draft => ({
      ...registered({ categoryCode: 'cdh-a', qualityRating }),
      ratesInfo: { rates: grid(15) },
    });
    const none = rateRulesFor(draft('none'), rules).table!;
    const five = rateRulesFor(draft('5'), rules).table!;
    expect(five.maximums.preschool.basic).toBeGreaterThan(none.maximums.preschool.basic);
    const between = (none.maximums.preschool.basic + five.maximums.preschool.basic) / 2;
    const rates = { ...grid(1), preschool: { basic: Math.round(between * 100) / 100, specialNeeds: 1 } };
    expect(issuesOf({ ...draft('none'), ratesInfo: { rates } }, 'rates-info-form')).toEqual([
      'rates.preschool.basic: validation.application.rateAboveMaximum',
    ]);
    expect(issuesOf({ ...draft('5'), ratesInfo: { rates } }, 'rates-info-form')).toEqual([]);
  });

  it('take care in the child’s home as one rate per unit, not the age-group grid', () => {
    const { maximum } = rules.rates!.perUnit.find((entry) => entry.providerTypeCode === 'non-registered-in-home')!;
    expect(maximum).toBe(36.25);
    const inHome = (ratesInfo: Record<string, unknown>): Draft => ({
      providerType: 'unregisteredprovider',
      categoryTypes: { providerTypeCode: 'non-registered-in-home' },
      ratesInfo,
    });
    expect(issuesOf(inHome({}), 'rates-info-form')).toEqual(['inHomeRate: validation.required']);
    expect(issuesOf(inHome({ inHomeRate: maximum }), 'rates-info-form')).toEqual([]);
    expect(issuesOf(inHome({ inHomeRate: maximum + 0.01 }), 'rates-info-form')).toEqual([
      'inHomeRate: validation.application.rateAboveMaximum',
    ]);
    // Any other provider gives the grid.
    expect(
      issuesOf({ ...registered({ categoryCode: 'cdh-a' }), ratesInfo: { inHomeRate: 10 } }, 'rates-info-form'),
    ).toEqual(['rates: validation.required']);
  });
});

describe('the wizard’s rules with the program’s', () => {
  afterEach(() => applyApplicationRules(undefined));

  it('report a step over the limits as having errors, with the rule’s message', () => {
    const draft = registered({
      categoryCode: 'cdh-a',
      capacity: 8,
      preschoolChildren: 7,
      childrenUpTo24Months: 2,
      childrenUpTo12Months: 1,
      schoolAgeChildren: 1,
    });
    const step = stepStates(draft, rules).find((entry) => entry.id === 'category-types-v1')!;
    expect(step).toMatchObject({
      state: 'has-errors',
      issues: [{ path: 'categoryTypes.preschoolChildren', message: 'validation.application.categoryLimit.6' }],
    });
    expect(submissionIssues(draft)).not.toContainEqual(expect.objectContaining({ step: 'category-types-v1' }));
    applyApplicationRules(rules);
    expect(applicationRulesInForce()).toBe(rules);
    expect(submissionIssues(draft)).toContainEqual(
      expect.objectContaining({ step: 'category-types-v1', message: 'validation.application.categoryLimit.6' }),
    );
  });

  it('check a step form’s values against the application around them', () => {
    const step = applicationSteps.find((entry) => entry.id === 'rates-info-form')!;
    const application = registered({ categoryCode: 'cdh-c', qualityRating: '5' });
    const schema = stepSchemaWithRules(step, application, rules);
    const over = rules.rates!.tables.find(
      (table) => table.categoryCodes?.includes('cdh-c') && table.qualityRatings?.includes('5'),
    )!;
    const result = schema.safeParse({
      rates: { ...over.maximums, 'school-age': { basic: over.maximums['school-age'].basic + 1, specialNeeds: 1 } },
    });
    expect(result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      'rates.school-age.basic: validation.application.rateAboveMaximum',
    ]);
  });

  it('read a draft saved before the new fields as incomplete, never as unreadable', () => {
    const old = parseApplication({
      providerType: 'registeredprovider',
      categoryTypes: {
        providerTypeCode: 'registered-cdh',
        categoryCode: 'cdh-a',
        agesServed: ['preschool'],
        capacity: 6,
      },
      ratesInfo: { rates: { preschool: { basic: 10, specialNeeds: 12 } } },
    });
    expect(old.success).toBe(true);
    const states = stepStates(old.success ? old.data : {}, rules);
    expect(states.find((entry) => entry.id === 'category-types-v1')?.state).toBe('has-errors');
  });

  it('check nothing of the program’s when its profile gives no rules', () => {
    const none: ApplicationRules | undefined = undefined;
    const draft = registered({ categoryCode: 'cdh-a', capacity: 16 });
    // Only the age-group grid is still asked, as it was before the program's rules.
    expect(applicationRuleIssues(draft, none)).toEqual([
      { step: 'rates-info-form', path: ['rates'], message: 'validation.required' },
    ]);
  });
});

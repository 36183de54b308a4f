import { z } from 'zod';
import { applicationRulesInForce } from '../application-rules-state';
import type { DraftApplication } from './draft-application';
import { ageGroupCodes, type ProviderTypeCode, providerTypeCodes } from './lookups';
import { messages, moneySchema } from './rules';

export { applicationRulesInForce, applyApplicationRules } from '../application-rules-state';

/**
 * The program's rules of an application, kept in the program profile (ADR 108): the categories of
 * each provider type with their capacity limits, the limits of the provider types themselves,
 * where the quality rating (QRS) is asked, and the maximum rates. The wizard's steps check them
 * in the browser and the API alike; each broken rule has its own message.
 */

/** Counts the capacity step asks for: the most children at any one time, in all and by age. */
export const capacityFields = [
  'capacity',
  'preschoolChildren',
  'childrenUpTo24Months',
  'childrenUpTo12Months',
  'schoolAgeChildren',
] as const;
export type CapacityField = (typeof capacityFields)[number];
/** The counts by age: each is part of the one before it (12 months or younger are also 24 or younger). */
export const ageCountFields = ['preschoolChildren', 'childrenUpTo24Months', 'childrenUpTo12Months'] as const;

/** The answer "no quality rating" to the QRS question. */
export const NO_QUALITY_RATING = 'none';

const countSchema = z.number().int().min(0).max(999);
const codeSchema = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be kebab-case');

export const categoryRuleSchema = z.object({
  /** The Category lookup code ("cdh-a"). */
  code: codeSchema,
  providerTypeCode: z.enum(providerTypeCodes),
  /** The most children at any one time, in all (`capacity`) and by age; a count not named has no limit. */
  limits: z.partialRecord(z.enum(capacityFields), countSchema).default({}),
  /** How many providers must be present at once (a second provider for the larger homes). */
  providersPresent: z.number().int().min(1).max(4).default(1),
});
export type CategoryRule = z.infer<typeof categoryRuleSchema>;

export const providerTypeRuleSchema = z.object({
  code: z.enum(providerTypeCodes),
  /** The most children in care at any one time (a home that is not registered). */
  maxChildren: countSchema.optional(),
  /** The fewest children eligible for assistance the care must be for (care in the child's home). */
  minEligibleChildren: countSchema.optional(),
  /** Whether the quality rating (QRS) level is asked for. */
  qualityRating: z.boolean().default(false),
});
export type ProviderTypeRule = z.infer<typeof providerTypeRuleSchema>;

const maximumSchema = z.object({ basic: moneySchema, specialNeeds: moneySchema });

/** Maximum rates per half-day unit by age group, for a provider type and (optionally) categories and QRS levels. */
export const rateTableSchema = z.object({
  providerTypeCode: z.enum(providerTypeCodes),
  /** The categories the table is for; none named: every category of the type. */
  categoryCodes: z.array(codeSchema).min(1).optional(),
  /** The QRS levels the table is for ("none" for no rating); none named: any. */
  qualityRatings: z.array(codeSchema).min(1).optional(),
  maximums: z.object({
    'infant-toddler': maximumSchema,
    preschool: maximumSchema,
    'school-age': maximumSchema,
  } satisfies Record<(typeof ageGroupCodes)[number], typeof maximumSchema>),
});
export type RateTable = z.infer<typeof rateTableSchema>;

export const applicationRulesSchema = z.object({
  /** Where the capacity figures come from (the rule and its date, or what was not verified). */
  source: z.string().min(1),
  providerTypes: z.array(providerTypeRuleSchema).default([]),
  categories: z.array(categoryRuleSchema).default([]),
  /** The QRS levels a provider may name, lowest first ("none" is always offered too). */
  qualityRatingLevels: z.array(codeSchema).default([]),
  rates: z
    .object({
      /** Where the maximum rates come from, and the day they took effect. */
      source: z.string().min(1),
      effective: z.iso.date(),
      tables: z.array(rateTableSchema).default([]),
      /** Provider types paid one rate per unit whatever the child's age (care in the child's home). */
      perUnit: z.array(z.object({ providerTypeCode: z.enum(providerTypeCodes), maximum: moneySchema })).default([]),
    })
    .optional(),
});
export type ApplicationRules = z.infer<typeof applicationRulesSchema>;

/** Message keys of the program's rules; those ending in a number carry the limit. */
export const ruleMessages = {
  categoryLimit: (max: number) => `validation.application.categoryLimit.${max}`,
  homeLimit: (max: number) => `validation.application.homeLimit.${max}`,
  inHomeMinimum: (min: number) => `validation.application.inHomeMinimum.${min}`,
  ageCountPart: 'validation.application.ageCountPart',
  secondProvider: 'validation.application.secondProvider',
  rateAboveMaximum: 'validation.application.rateAboveMaximum',
} as const;

type Draft = Partial<DraftApplication>;
type Values = Record<string, unknown>;

export interface RuleIssue {
  step: 'category-types-v1' | 'rates-info-form';
  /** The path within the step's field ("rates.preschool.basic"). */
  path: (string | number)[];
  message: string;
}

/**
 * The provider type code an application is for: the one it names, or its route's only one. A code
 * of the other route (only a direct call sends one) is refused by its own rule, and none of the
 * program's rules apply to it.
 */
export function providerTypeCodeOf(draft: Draft): ProviderTypeCode | undefined {
  const own: readonly ProviderTypeCode[] =
    draft.providerType === 'registeredprovider'
      ? ['registered-cdh']
      : draft.providerType === 'unregisteredprovider'
        ? ['non-registered-home', 'non-registered-in-home']
        : providerTypeCodes;
  const said = draft.categoryTypes?.providerTypeCode;
  if (said !== undefined) return own.find((code) => code === said);
  return own.length === 1 ? own[0] : undefined;
}

/** What the rules ask of the capacity step for this application: which fields, and their limits. */
export function capacityRulesFor(draft: Draft, rules: ApplicationRules | undefined = applicationRulesInForce()) {
  const typeCode = providerTypeCodeOf(draft);
  const type = rules?.providerTypes.find((entry) => entry.code === typeCode);
  const categoryCode = draft.categoryTypes?.categoryCode;
  const category = rules?.categories.find(
    (entry) => entry.code === categoryCode && (typeCode === undefined || entry.providerTypeCode === typeCode),
  );
  const limits = category?.limits ?? {};
  return {
    type,
    category,
    /** The counts by age are asked when the category limits one of them. */
    asksAgeCounts: [...ageCountFields, 'schoolAgeChildren' as const].some((field) => limits[field] !== undefined),
    asksSecondProvider: (category?.providersPresent ?? 1) > 1,
    asksEligibleChildren: type?.minEligibleChildren !== undefined,
    asksQualityRating: type?.qualityRating === true,
    qualityRatingLevels: rules?.qualityRatingLevels ?? [],
  };
}

/** What the rules ask of the rates step: one rate per unit, or the grid with its maximums. */
export function rateRulesFor(draft: Draft, rules: ApplicationRules | undefined = applicationRulesInForce()) {
  const typeCode = providerTypeCodeOf(draft);
  const perUnit = rules?.rates?.perUnit.find((entry) => entry.providerTypeCode === typeCode);
  const rating = draft.categoryTypes?.qualityRating || NO_QUALITY_RATING;
  const category = draft.categoryTypes?.categoryCode;
  const table = perUnit
    ? undefined
    : rules?.rates?.tables.find(
        (entry) =>
          entry.providerTypeCode === typeCode &&
          (entry.categoryCodes === undefined || (category !== undefined && entry.categoryCodes.includes(category))) &&
          (entry.qualityRatings === undefined || entry.qualityRatings.includes(rating)),
      );
  return { perUnit, table };
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function capacityIssues(draft: Draft, rules: ApplicationRules | undefined): RuleIssue[] {
  const step = 'category-types-v1';
  const values = (draft.categoryTypes ?? {}) as Values;
  const asked = capacityRulesFor(draft, rules);
  const issues: RuleIssue[] = [];
  const add = (path: (string | number)[], message: string) => issues.push({ step, path, message });
  const require = (field: string) => {
    if (values[field] === undefined) add([field], messages.required);
  };
  const limits = asked.category?.limits ?? {};
  if (asked.asksAgeCounts) {
    [...ageCountFields, 'schoolAgeChildren'].forEach(require);
    // Each count by age is part of the one before it, and all of the capacity.
    const chain = ['capacity', ...ageCountFields];
    chain.slice(1).forEach((field, index) => {
      const part = values[field];
      const whole = values[chain[index]!];
      if (isCount(part) && isCount(whole) && part > whole) add([field], ruleMessages.ageCountPart);
    });
    const schoolAge = values.schoolAgeChildren;
    if (isCount(schoolAge) && isCount(values.capacity) && schoolAge > values.capacity) {
      add(['schoolAgeChildren'], ruleMessages.ageCountPart);
    }
  }
  for (const field of capacityFields) {
    const max = limits[field];
    const value = values[field];
    if (max !== undefined && isCount(value) && value > max) add([field], ruleMessages.categoryLimit(max));
  }
  const maxChildren = asked.type?.maxChildren;
  if (maxChildren !== undefined && isCount(values.capacity) && values.capacity > maxChildren) {
    add(['capacity'], ruleMessages.homeLimit(maxChildren));
  }
  if (asked.asksSecondProvider && values.secondProviderPresent !== true) {
    add(['secondProviderPresent'], ruleMessages.secondProvider);
  }
  const minEligible = asked.type?.minEligibleChildren;
  if (minEligible !== undefined) {
    require('eligibleChildren');
    if (isCount(values.eligibleChildren) && values.eligibleChildren < minEligible) {
      add(['eligibleChildren'], ruleMessages.inHomeMinimum(minEligible));
    }
  }
  if (asked.asksQualityRating) {
    const rating = values.qualityRating;
    const known = [NO_QUALITY_RATING, ...asked.qualityRatingLevels];
    if (typeof rating !== 'string' || !known.includes(rating)) add(['qualityRating'], messages.required);
  }
  return issues;
}

function rateIssues(draft: Draft, rules: ApplicationRules | undefined): RuleIssue[] {
  const step = 'rates-info-form';
  const values = (draft.ratesInfo ?? {}) as Values;
  const { perUnit, table } = rateRulesFor(draft, rules);
  if (perUnit) {
    if (values.inHomeRate === undefined) return [{ step, path: ['inHomeRate'], message: messages.required }];
    return isAmount(values.inHomeRate) && values.inHomeRate > perUnit.maximum
      ? [{ step, path: ['inHomeRate'], message: ruleMessages.rateAboveMaximum }]
      : [];
  }
  if (values.rates === undefined) return [{ step, path: ['rates'], message: messages.required }];
  if (!table) return [];
  const rates = (values.rates ?? {}) as Record<string, Values | undefined>;
  return ageGroupCodes.flatMap((code) =>
    (['basic', 'specialNeeds'] as const).flatMap((kind) => {
      const value = rates[code]?.[kind];
      return isAmount(value) && value > table.maximums[code][kind]
        ? [{ step, path: ['rates', code, kind], message: ruleMessages.rateAboveMaximum }]
        : [];
    }),
  );
}

/**
 * What the program's rules refuse in an application: capacity over its category's limits, a
 * home over its type's limit, care in the child's home for too few eligible children, a missing
 * quality rating where it is asked, rates over the program's maximums. Each issue names its step.
 */
export function applicationRuleIssues(
  draft: Draft,
  rules: ApplicationRules | undefined = applicationRulesInForce(),
): RuleIssue[] {
  return [...capacityIssues(draft, rules), ...rateIssues(draft, rules)];
}

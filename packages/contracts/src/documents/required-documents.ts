import { z } from 'zod';
import { providerTypeSchema } from '../application/application';
import type { DraftApplication } from '../application/draft-application';
import { ageOn, todayIso } from '../application/rules';

/** People of the application a rule can ask one document of each. */
export const documentPersonGroups = ['provider', 'adults', 'children', 'assistants'] as const;
export type DocumentPersonGroup = (typeof documentPersonGroups)[number];

const answerValueSchema = z.union([z.string(), z.number(), z.boolean()]);

/**
 * A condition on the applicant's answers: `answer` is a dotted path into the application
 * (for example `operationHoursInfo.transportation`); it holds when the value there equals
 * `equals`, or, for a list, includes `includes`.
 */
export const answerConditionSchema = z
  .object({
    answer: z.string().regex(/^[A-Za-z][\w-]*(\.[A-Za-z][\w-]*)*$/, 'must be a dotted path such as address.county'),
    equals: answerValueSchema.optional(),
    includes: answerValueSchema.optional(),
  })
  .refine((condition) => (condition.equals === undefined) !== (condition.includes === undefined), {
    message: 'give exactly one of equals and includes',
  });
export type AnswerCondition = z.infer<typeof answerConditionSchema>;

/**
 * One row of the required-documents table in the program profile. A rule applies when the
 * provider type is listed (or none are) and every condition holds; `per` asks one document
 * of each person in the named groups, `{person}` in name and description being their name.
 */
export const documentRuleSchema = z.object({
  code: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be kebab-case'),
  name: z.string().min(1).max(200),
  description: z.string().min(1).max(1000),
  providerTypes: z.array(providerTypeSchema).min(1).optional(),
  when: z.array(answerConditionSchema).default([]),
  per: z.array(z.enum(documentPersonGroups)).min(1).optional(),
  /**
   * With `per`: only the people of at least this age on the day of submission (a record check
   * for everyone over 14 in the home); someone whose date of birth is not known is asked too.
   */
  minAge: z.number().int().positive().optional(),
});
export type DocumentRule = z.infer<typeof documentRuleSchema>;

export const documentRulesSchema = z
  .array(documentRuleSchema)
  .refine((rules) => new Set(rules.map((rule) => rule.code)).size === rules.length, {
    message: 'every rule needs a code of its own',
  });

/** A document an application needs, as computed at submission. */
export interface RequiredDocumentSpec {
  code: string;
  documentName: string;
  description: string;
}

/** The answer at a dotted path of the profile's table: any field of the application, read as it is. */
function answerAt(application: DraftApplication, path: string): unknown {
  let value: unknown = application;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = Object.entries(value).find(([name]) => name === key)?.[1];
  }
  return value;
}

const holds = (application: DraftApplication, condition: AnswerCondition) => {
  const value = answerAt(application, condition.answer);
  if (condition.includes !== undefined) return Array.isArray(value) && value.includes(condition.includes);
  return value === condition.equals;
};

interface Person {
  firstName?: string;
  lastName?: string;
  dateOfBirth?: string;
}

const fullName = (person: Person) =>
  [person.firstName, person.lastName]
    .filter((part) => part !== undefined)
    .join(' ')
    .trim();

function peopleIn(application: DraftApplication, group: DocumentPersonGroup): Person[] {
  if (group === 'provider') return [application.providerInfo ?? {}];
  return application[group]?.members ?? [];
}

const atLeast = (minAge: number | undefined) => (person: Person) =>
  minAge === undefined ||
  person.dateOfBirth === undefined ||
  !/^\d{4}-\d{2}-\d{2}$/.test(person.dateOfBirth) ||
  ageOn(person.dateOfBirth, todayIso()) >= minAge;

/**
 * The documents an application needs, in table order: the rules that apply, one document
 * each, or one per person for `per` rules.
 */
export function requiredDocumentsFor(rules: DocumentRule[], application: DraftApplication): RequiredDocumentSpec[] {
  return rules.flatMap((rule) => {
    if (rule.providerTypes && !rule.providerTypes.includes(application.providerType)) return [];
    if (!rule.when.every((condition) => holds(application, condition))) return [];
    const people = rule.per
      ? rule.per
          .flatMap((group) => peopleIn(application, group))
          .filter(atLeast(rule.minAge))
          .map(fullName)
      : [undefined];
    return people.map((person) => ({
      code: rule.code,
      documentName: rule.name.replaceAll('{person}', person ?? ''),
      description: rule.description.replaceAll('{person}', person ?? ''),
    }));
  });
}

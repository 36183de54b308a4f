import { z } from 'zod';
import { providerTypeSchema } from '../application/application';
import type { DraftApplication } from '../application/draft-application';
import { type LocalizedText, localizedTextSchema, type TextIn, textIn } from '../localized-text';
import { ageOn, todayIso } from '../application/rules';

/** People of the application a rule can ask one document of each. */
export const documentPersonGroups = ['provider', 'adults', 'children', 'assistants'] as const;
export type DocumentPersonGroup = (typeof documentPersonGroups)[number];

const answerValueSchema = z.union([z.string(), z.number(), z.boolean()]);

/**
 * A condition on the applicant's answers: `answer` is a dotted path into the application
 * (for example `operationHoursInfo.transportation`); it holds when the value there equals
 * `equals`, or, for a list, includes `includes`, or is given and is not `notEquals` (a quality
 * rating level other than "none").
 */
export const answerConditionSchema = z
  .object({
    answer: z.string().regex(/^[A-Za-z][\w-]*(\.[A-Za-z][\w-]*)*$/, 'must be a dotted path such as address.county'),
    equals: answerValueSchema.optional(),
    includes: answerValueSchema.optional(),
    notEquals: answerValueSchema.optional(),
  })
  .refine(
    (condition) =>
      [condition.equals, condition.includes, condition.notEquals].filter((value) => value !== undefined).length === 1,
    { message: 'give exactly one of equals, includes and notEquals' },
  );
export type AnswerCondition = z.infer<typeof answerConditionSchema>;

/**
 * One row of the required-documents table in the program profile. A rule applies when the
 * provider type is listed (or none are) and every condition holds; `per` asks one document
 * of each person in the named groups, `{person}` in name and description being their name.
 */
export const documentRuleSchema = z.object({
  code: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be kebab-case'),
  name: localizedTextSchema(200),
  description: localizedTextSchema(1000),
  providerTypes: z.array(providerTypeSchema).min(1).optional(),
  when: z.array(answerConditionSchema).default([]),
  per: z.array(z.enum(documentPersonGroups)).min(1).optional(),
  /**
   * With `per`: only the people of at least this age on the day of submission (a record check
   * for everyone over 14 in the home); someone whose date of birth is not known is asked too.
   */
  minAge: z.number().int().positive().optional(),
  /**
   * The answers (dotted paths) the document stands behind, besides its `when` answers: a
   * renewal asks for it again when they changed (the W-9 when the W-9 answers did).
   */
  basedOn: z.array(z.string().regex(/^[A-Za-z][\w-]*(\.[A-Za-z][\w-]*)*$/)).optional(),
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

/** Whether a condition of the profile holds for an application's answers. */
export const answerConditionHolds = (application: DraftApplication, condition: AnswerCondition) => {
  const value = answerAt(application, condition.answer);
  if (condition.includes !== undefined) return Array.isArray(value) && value.includes(condition.includes);
  if (condition.notEquals !== undefined) return value !== undefined && value !== null && value !== condition.notEquals;
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
    if (!rule.when.every((condition) => answerConditionHolds(application, condition))) return [];
    const people = rule.per
      ? rule.per
          .flatMap((group) => peopleIn(application, group))
          .filter(atLeast(rule.minAge))
          .map(fullName)
      : [undefined];
    return people.map((person) => ({
      code: rule.code,
      documentName: withPerson(rule.name.en, person),
      description: withPerson(rule.description.en, person),
    }));
  });
}

const withPerson = (template: string, person: string | undefined) => template.replaceAll('{person}', person ?? '');

/** The person an English `{person}` template was filled with to give `text`, if it was. */
function personIn(template: string, text: string): string | undefined {
  const at = template.indexOf('{person}');
  if (at < 0) return text === template ? '' : undefined;
  const prefix = template.slice(0, at);
  const suffix = template.slice(at + '{person}'.length);
  if (!text.startsWith(prefix) || !text.endsWith(suffix) || text.length < prefix.length + suffix.length)
    return undefined;
  const person = text.slice(prefix.length, text.length - suffix.length);
  return withPerson(template, person) === text ? person : undefined;
}

/** A text to show, and its language when known (a staff member's own words have none). */
export type DocumentText = Omit<TextIn, 'lang'> & { lang?: TextIn['lang'] };

/**
 * A required document's name and description in `locale`. The application keeps the English
 * texts it was given at submission; while the profile's rule of the same code still reads
 * the same in English, its translation is shown (with the person's name put back in), else
 * the texts as kept. Documents staff asked for are shown as they wrote them.
 */
export function localizeRequiredDocument(
  rules: readonly DocumentRule[],
  document: { code: string; documentName: string; description: string },
  locale: string,
): { name: DocumentText; description: DocumentText } {
  const asKept = { name: { text: document.documentName }, description: { text: document.description } };
  const rule = rules.find((candidate) => candidate.code === document.code);
  if (!rule) return asKept;
  const person = personIn(rule.name.en, document.documentName);
  if (person === undefined || withPerson(rule.description.en, person) !== document.description) {
    return {
      name: { text: document.documentName, lang: 'en' },
      description: { text: document.description, lang: 'en' },
    };
  }
  const translate = (text: LocalizedText): DocumentText => {
    const shown = textIn(text, locale);
    return { text: withPerson(shown.text, person), lang: shown.lang };
  };
  return { name: translate(rule.name), description: translate(rule.description) };
}

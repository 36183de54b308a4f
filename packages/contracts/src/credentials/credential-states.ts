import { z } from 'zod';
import { providerTypeSchema } from '../application/application';
import { ADULT_MIN_AGE } from '../application/steps';
import type { DraftApplication } from '../application/draft-application';
import { ageOn } from '../days';
import { answerConditionHolds, answerConditionSchema } from '../documents/required-documents';
import { localizedTextSchema } from '../localized-text';

/** How long a credential stays valid: whole months from its day, or `null` (it does not expire). */
const validityMonthsSchema = z.number().int().min(1).max(240).nullable();
/** Where a figure comes from; "not verified" where it could not be checked. */
const sourceSchema = z.string().min(1).max(500);

/** One training of the program (the profile's list): who needs it and how long it lasts. */
export const trainingRuleSchema = z.object({
  code: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be kebab-case'),
  name: localizedTextSchema(200),
  /** The provider types it is required of; every type when absent. */
  providerTypes: z.array(providerTypeSchema).min(1).optional(),
  /** Required only when these conditions on the answers hold (safe sleep when caring for infants). */
  when: z.array(answerConditionSchema).default([]),
  validityMonths: validityMonthsSchema,
  /** The required document (its code in `requiredDocuments`) that proves it, if there is one. */
  documentCode: z.string().min(1).optional(),
  source: sourceSchema,
});
export type TrainingRule = z.infer<typeof trainingRuleSchema>;

const checkRuleSchema = z.object({
  validityMonths: validityMonthsSchema,
  providerTypes: z.array(providerTypeSchema).min(1).optional(),
  documentCode: z.string().min(1).optional(),
  source: sourceSchema,
});

/**
 * The program's credentials (ADR 115): its trainings, and how long a record check, a
 * fingerprint check and a physical examination stay valid. Record checks and fingerprinting are
 * asked of the provider and of every adult and assistant aged 18 or older; the physical
 * examination of the provider.
 */
export const credentialRulesSchema = z
  .object({
    /** How many days before an expiry a credential counts as expiring (and the job asks for it). */
    expiringWithinDays: z.number().int().min(1).max(365).default(30),
    trainings: z.array(trainingRuleSchema),
    recordCheck: checkRuleSchema,
    fingerprinting: checkRuleSchema,
    physicalExamination: checkRuleSchema,
  })
  .refine((rules) => new Set(rules.trainings.map((rule) => rule.code)).size === rules.trainings.length, {
    message: 'every training needs a code of its own',
    path: ['trainings'],
  });
export type CredentialRules = z.infer<typeof credentialRulesSchema>;

export const credentialKinds = ['training', 'recordCheck', 'fingerprinting', 'physicalExamination'] as const;
export type CredentialKind = (typeof credentialKinds)[number];
export const credentialStatuses = ['valid', 'expiring', 'expired', 'missing'] as const;
export type CredentialStatus = (typeof credentialStatuses)[number];

/** One credential of an application or record, and its state on a day. */
export const credentialStateSchema = z.object({
  /** Stable within the answers: `training:cpr`, `recordCheck:provider`, `fingerprinting:adults:Ann Lee`. */
  key: z.string(),
  kind: z.enum(credentialKinds),
  /** The training's code, or the kind for the checks. */
  code: z.string(),
  /** Whose check it is (their name), for record checks and fingerprinting. */
  person: z.string().optional(),
  documentCode: z.string().optional(),
  completedOn: z.string().optional(),
  /** The last day it is valid; absent when it does not expire (or is missing). */
  expiresOn: z.string().optional(),
  daysLeft: z.number().int().optional(),
  status: z.enum(credentialStatuses),
  required: z.boolean(),
});
export type CredentialState = z.infer<typeof credentialStateSchema>;

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00.000Z`) / DAY_MS;
const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** An ISO day moved by whole months; a day the month lacks becomes its last (as PostgreSQL adds months). */
export function plusMonthsIso(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}

/**
 * When a credential completed on `completedOn` expires: the date the certificate states, else its
 * validity counted from the completion day; undefined when it does not expire.
 */
export function credentialExpiresOn(
  completedOn: string,
  validityMonths: number | null,
  statedExpiry?: string,
): string | undefined {
  if (isDay(statedExpiry)) return statedExpiry;
  return validityMonths === null ? undefined : plusMonthsIso(completedOn, validityMonths);
}

/** A credential's state on `today`: expired after its last day, expiring within `withinDays` of it. */
export function credentialStatusOn(
  expiresOn: string | undefined,
  today: string,
  withinDays = 30,
): Exclude<CredentialStatus, 'missing'> {
  if (expiresOn === undefined) return 'valid';
  const left = dayNumber(expiresOn) - dayNumber(today);
  if (left < 0) return 'expired';
  return left <= withinDays ? 'expiring' : 'valid';
}

interface PersonAnswers {
  firstName?: string;
  lastName?: string;
  dateOfBirth?: string;
  recordCheckOn?: string;
  fingerprintedOn?: string;
}

const nameOf = (person: PersonAnswers) => [person.firstName, person.lastName].filter(Boolean).join(' ').trim();

const applies = (
  rule: { providerTypes?: readonly string[]; when?: readonly z.infer<typeof answerConditionSchema>[] },
  application: DraftApplication,
) =>
  (!rule.providerTypes || rule.providerTypes.includes(application.providerType)) &&
  (rule.when ?? []).every((condition) => answerConditionHolds(application, condition));

/**
 * Every credential of an application's (or a record version's) answers and its state on `today`
 * (an ISO day): each training the profile lists that is required of this provider or was
 * given, the record check and fingerprinting of the provider and of each adult and assistant
 * aged 18 or older (someone whose date of birth is not readable counts), and the provider's
 * physical examination where the provider type needs one. A required credential with no date
 * is `missing`; one given is `valid`, `expiring` (within the profile's days of its last day)
 * or `expired`. Without rules (a profile that lists none) there are no credentials.
 */
export function credentialStates(
  application: DraftApplication,
  rules: CredentialRules | undefined,
  today: string,
): CredentialState[] {
  if (!rules) return [];
  const within = rules.expiringWithinDays;
  const state = (
    base: Omit<CredentialState, 'status' | 'expiresOn' | 'daysLeft' | 'completedOn'>,
    completedOn: string | undefined,
    validityMonths: number | null,
    statedExpiry?: string,
  ): CredentialState => {
    if (!isDay(completedOn)) return { ...base, status: 'missing' };
    const expiresOn = credentialExpiresOn(completedOn, validityMonths, statedExpiry);
    return {
      ...base,
      completedOn,
      ...(expiresOn === undefined ? {} : { expiresOn, daysLeft: dayNumber(expiresOn) - dayNumber(today) }),
      status: credentialStatusOn(expiresOn, today, within),
    };
  };
  const given = application.providerInfo?.trainings ?? [];
  const trainings = rules.trainings.flatMap((rule) => {
    const answer = given.find((training) => training.code === rule.code);
    const required = applies(rule, application);
    if (!required && !isDay(answer?.completedOn)) return [];
    return [
      state(
        {
          key: `training:${rule.code}`,
          kind: 'training',
          code: rule.code,
          ...(rule.documentCode ? { documentCode: rule.documentCode } : {}),
          required,
        },
        answer?.completedOn,
        rule.validityMonths,
        answer?.expiresOn,
      ),
    ];
  });
  const provider: PersonAnswers = application.providerInfo ?? {};
  const adults = [
    ...(application.adults?.members ?? []).map((person) => ['adults', person] as const),
    ...(application.assistants?.members ?? []).map((person) => ['assistants', person] as const),
  ].filter(([, person]) => !isDay(person.dateOfBirth) || ageOn(person.dateOfBirth, today) >= ADULT_MIN_AGE);
  const checks = (kind: 'recordCheck' | 'fingerprinting', field: 'recordCheckOn' | 'fingerprintedOn') => {
    const rule = rules[kind];
    const required = applies(rule, application);
    const people: [string, PersonAnswers][] = [
      ['provider', provider],
      ...adults.map(([group, person]): [string, PersonAnswers] => [`${group}:${nameOf(person)}`, person]),
    ];
    return people.flatMap(([who, person]) =>
      !required && !isDay(person[field])
        ? []
        : [
            state(
              {
                key: `${kind}:${who}`,
                kind,
                code: kind,
                person: nameOf(person),
                ...(rule.documentCode ? { documentCode: rule.documentCode } : {}),
                required,
              },
              person[field],
              rule.validityMonths,
            ),
          ],
    );
  };
  const exam = rules.physicalExamination;
  const examRequired = applies(exam, application);
  const physical =
    examRequired || isDay(application.providerInfo?.physicalExamOn)
      ? [
          state(
            {
              key: 'physicalExamination:provider',
              kind: 'physicalExamination' as const,
              code: 'physicalExamination',
              person: nameOf(provider),
              ...(exam.documentCode ? { documentCode: exam.documentCode } : {}),
              required: examRequired,
            },
            application.providerInfo?.physicalExamOn,
            exam.validityMonths,
          ),
        ]
      : [];
  return [
    ...trainings,
    ...checks('recordCheck', 'recordCheckOn'),
    ...checks('fingerprinting', 'fingerprintedOn'),
    ...physical,
  ];
}

/** The credentials that need the provider's attention: required and missing, expiring or expired. */
export const credentialsNeedingAttention = (states: readonly CredentialState[]) =>
  states.filter(
    (entry) =>
      entry.status === 'expiring' || entry.status === 'expired' || (entry.required && entry.status === 'missing'),
  );

/**
 * The credential a required document proves (ADR 115): one whose `documentCode` is the
 * document's code and, for a person's document ("Record check authorization – Ann Lee"), whose
 * person the document names. The soonest to expire when several match.
 */
export function credentialOfDocument(
  states: readonly CredentialState[],
  document: { code: string; documentName: string },
): CredentialState | undefined {
  return states
    .filter(
      (state) =>
        state.documentCode === document.code &&
        state.status !== 'missing' &&
        (!state.person || state.kind === 'physicalExamination' || document.documentName.endsWith(state.person)),
    )
    .sort((a, b) => (a.expiresOn ?? '9999').localeCompare(b.expiresOn ?? '9999'))[0];
}

import { type ApplicationStepId, applicationSteps } from './application';
import type { DraftAddress, DraftApplication, DraftPerson } from './draft-application';
import { ageGroupCodes, type LookupType } from './lookups';
import { NO_QUALITY_RATING } from './program-rules';
import { isMasked } from './protected-fields';
import { maskTin } from './rules';

/**
 * How the reader's language writes things: the PDF gives its own (the API's translations and
 * Intl), the web its own (i18next and Intl). Nothing here knows either.
 */
export interface AnswerFormat {
  /** The text of a translation key, with its values put in. */
  t: (key: string, values?: Record<string, string | number>) => string;
  /** An ISO calendar date ("2024-07-01"). */
  date: (iso: string) => string;
  /** A time of day ("07:30"). */
  time: (hhmm: string) => string;
  /** An amount of program money (US dollars). */
  money: (amount: number) => string;
  number: (value: number) => string;
  /** The name of a lookup code ("Spouse" for Relationship "spouse"); the code when none is known. */
  lookup: (type: LookupType, code: string) => string;
  /** The name of a training of the program profile in the reader's language; the code when unknown. */
  training?: (code: string) => string;
}

/** One answer: its label and the lines of its value (never empty: "Not answered" stands in). */
export interface AnswerField {
  label: string;
  lines: string[];
}

/** What a section holds, in the order it is shown. */
export type AnswerBlock =
  | { kind: 'fields'; fields: AnswerField[] }
  | { kind: 'people'; people: { heading: string; fields: AnswerField[] }[] }
  /** A table whose first row and first column are headers. */
  | { kind: 'table'; rows: string[][] }
  | { kind: 'subheading'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'text'; text: string };

/** The answers of one step of the shared table. */
export interface AnswerSection {
  id: ApplicationStepId;
  heading: string;
  /** False when the step holds nothing yet: its one block says "Not answered" or "Skipped". */
  answered: boolean;
  blocks: AnswerBlock[];
}

// Reads answers as they were saved. The step schemas are not re-applied: their age rules depend
// on today's date, and a submitted application must show what was sent even years later.

function helpers(f: AnswerFormat) {
  const notAnswered = f.t('application.review.notAnswered');
  const field = (key: string, lines: string | (string | undefined)[] | undefined): AnswerField => {
    const list = [lines ?? []].flat().filter((line): line is string => line !== undefined && line.length > 0);
    return { label: f.t(`application.fields.${key}`), lines: list.length > 0 ? list : [notAnswered] };
  };
  const text = (value: string | undefined) => value?.trim() || undefined;
  const yesNo = (value: boolean | undefined) =>
    value === undefined ? undefined : f.t(value ? 'application.wizard.yes' : 'application.wizard.no');
  const date = (value: string | undefined) => {
    const iso = text(value);
    // A protected date (a date of birth) comes masked: it is shown as it is.
    if (isMasked(iso)) return iso;
    return iso ? f.date(iso) : undefined;
  };
  const lookup = (type: LookupType, value: string | undefined) => {
    const code = text(value);
    return code ? f.lookup(type, code) : undefined;
  };
  const money = (value: number | undefined) =>
    value === undefined ? undefined : f.t('application.review.money', { amount: f.money(value) });
  /** An address as the post writes it: street lines, then "City, ST 50309". */
  const address = (value: DraftAddress | undefined = {}) => {
    const stateZip = [text(value.state), text(value.zipCode)].filter(Boolean).join(' ');
    const cityLine = [text(value.city), stateZip].filter(Boolean).join(', ');
    return [text(value.address1), text(value.address2), text(cityLine)];
  };
  const people = <P extends DraftPerson>(
    members: P[] | undefined = [],
    extra: (person: P) => AnswerField[],
  ): AnswerBlock =>
    members.length === 0
      ? { kind: 'text', text: f.t('application.review.none') }
      : {
          kind: 'people',
          people: members.map((person, index) => ({
            heading: f.t('application.wizard.personHeading', { number: f.number(index + 1) }),
            fields: [
              field('firstName', text(person.firstName)),
              field('lastName', text(person.lastName)),
              field('dateOfBirth', date(person.dateOfBirth)),
              ...extra(person),
            ],
          })),
        };
  return { field, text, yesNo, date, lookup, money, address, people, notAnswered };
}

type Helpers = ReturnType<typeof helpers>;
type StepAnswers = (application: Partial<DraftApplication>, h: Helpers, f: AnswerFormat) => AnswerBlock[];

/** A QRS answer in words: "No rating", or "Level 3". */
const qualityRatingText = (rating: string, f: AnswerFormat) =>
  rating === NO_QUALITY_RATING
    ? f.t('application.fields.qualityRatingNone')
    : f.t('application.fields.qualityRatingLevel', { level: rating });

/** The rates by age group, basic and special needs, as a table. */
/** A person's record check and fingerprinting dates, where given (asked of those aged 18 or older). */
function personChecks(person: { recordCheckOn?: string; fingerprintedOn?: string }, h: Helpers): AnswerField[] {
  return [
    ...(person.recordCheckOn ? [h.field('recordCheckOn', h.date(person.recordCheckOn))] : []),
    ...(person.fingerprintedOn ? [h.field('fingerprintedOn', h.date(person.fingerprintedOn))] : []),
  ];
}

/**
 * The provider's "Trainings and checks": each training given with its completion day and the
 * expiry its certificate states, then the record check, fingerprinting and physical examination
 * dates. Nothing when none was given (an application from before they were asked).
 */
function credentialBlocks(
  a: NonNullable<DraftApplication['providerInfo']>,
  h: Helpers,
  f: AnswerFormat,
): AnswerBlock[] {
  const trainings = (a.trainings ?? []).filter((training) => training.code && training.completedOn);
  const checks = [
    ...(a.recordCheckOn ? [h.field('recordCheckOn', h.date(a.recordCheckOn))] : []),
    ...(a.fingerprintedOn ? [h.field('fingerprintedOn', h.date(a.fingerprintedOn))] : []),
    ...(a.physicalExamOn ? [h.field('physicalExamOn', h.date(a.physicalExamOn))] : []),
  ];
  if (trainings.length === 0 && checks.length === 0) return [];
  const name = (code: string) => f.training?.(code) ?? code;
  return [
    { kind: 'subheading', text: f.t('application.fields.trainingsHeading') },
    ...(trainings.length === 0
      ? []
      : [
          {
            kind: 'table' as const,
            rows: [
              [
                f.t('application.fields.training'),
                f.t('application.fields.completedOn'),
                f.t('application.fields.expiresOnStated'),
              ],
              ...trainings.map((training) => [
                name(training.code!),
                h.date(training.completedOn) ?? '',
                h.date(training.expiresOn) ?? '—',
              ]),
            ],
          },
        ]),
    ...(checks.length === 0 ? [] : [{ kind: 'fields' as const, fields: checks }]),
  ];
}

function ratesTable(a: NonNullable<DraftApplication['ratesInfo']>, h: Helpers, f: AnswerFormat): AnswerBlock {
  return {
    kind: 'table',
    rows: [
      [
        f.t('application.fields.ratesHeading'),
        f.t('application.fields.basic'),
        f.t('application.fields.specialNeedsRate'),
      ],
      ...ageGroupCodes.map((code) => {
        const rate = a.rates?.[code] ?? {};
        return [
          f.lookup('AgeGroup', code),
          h.money(rate.basic) ?? h.notAnswered,
          h.money(rate.specialNeeds) ?? h.notAnswered,
        ];
      }),
    ],
  };
}

// One entry per step of the shared table: a step added there fails to compile here.
const stepAnswers: Record<ApplicationStepId, StepAnswers> = {
  'apply-category': ({ categoryTypes: a = {} }, h) => [
    { kind: 'fields', fields: [h.field('providerTypeCode', h.lookup('ProviderType', a.providerTypeCode))] },
  ],
  'category-types-v1': ({ categoryTypes: a = {} }, h, f) => [
    {
      kind: 'fields',
      fields: [
        h.field('categoryCode', h.lookup('Category', a.categoryCode)),
        h.field(
          'agesServed',
          (a.agesServed ?? []).map((code) => h.lookup('AgeGroup', code)),
        ),
        h.field('capacity', a.capacity === undefined ? undefined : f.number(a.capacity)),
        // Asked where the program's rules ask for them: shown when answered.
        ...(
          [
            'preschoolChildren',
            'childrenUpTo24Months',
            'childrenUpTo12Months',
            'schoolAgeChildren',
            'eligibleChildren',
          ] as const
        )
          .filter((key) => a[key] !== undefined)
          .map((key) => h.field(key, f.number(a[key]!))),
        ...(a.secondProviderPresent === undefined
          ? []
          : [h.field('secondProviderPresent', h.yesNo(a.secondProviderPresent))]),
        ...(a.qualityRating === undefined ? [] : [h.field('qualityRating', qualityRatingText(a.qualityRating, f))]),
      ],
    },
  ],
  'provider-information': ({ providerInfo: a = {} }, h, f) => [
    {
      kind: 'fields',
      fields: [
        h.field('firstName', h.text(a.firstName)),
        h.field('lastName', h.text(a.lastName)),
        h.field('dateOfBirth', h.date(a.dateOfBirth)),
        h.field('phone', h.text(a.phone)),
        h.field('email', h.text(a.email)),
        h.field('businessName', h.text(a.businessName)),
        h.field(
          'languageCodes',
          (a.languageCodes ?? []).map((code) => h.lookup('Language', code)),
        ),
      ],
    },
    ...credentialBlocks(a, h, f),
  ],
  'address-form': ({ address: a = {} }, h) => [
    {
      kind: 'fields',
      fields: [
        h.field('careLocation', h.address(a.careLocation)),
        h.field('mailingSameAsCare', h.yesNo(a.mailingSameAsCare)),
        ...(a.mailingSameAsCare === true ? [] : [h.field('mailing', h.address(a.mailing))]),
        h.field('county', h.lookup('County', a.county)),
      ],
    },
  ],
  'assistant-form': ({ assistants: a = {} }, h) => [
    h.people(a.members, (person) => [
      h.field('assistantPhone', h.text(person.phone)),
      h.field('assistantEmail', h.text(person.email)),
      ...personChecks(person, h),
    ]),
  ],
  'child-form': ({ children: a = {} }, h) => [
    h.people(a.members, (person) => [
      h.field('relationshipCode', h.lookup('Relationship', person.relationshipCode)),
      h.field('specialNeeds', h.yesNo(person.specialNeeds ?? false)),
    ]),
  ],
  'adult-form': ({ adults: a = {} }, h) => [
    h.people(a.members, (person) => [
      h.field('relationshipCode', h.lookup('Relationship', person.relationshipCode)),
      ...personChecks(person, h),
    ]),
    { kind: 'fields', fields: [h.field('recordCheckConsent', h.yesNo(a.recordCheckConsent))] },
  ],
  'w9-info-form': ({ w9Info: a = {} }, h, f) => {
    const tinType = h.text(a.tinType);
    return [
      {
        kind: 'fields',
        fields: [
          h.field('legalName', h.text(a.legalName)),
          h.field('businessName', h.text(a.businessName)),
          h.field('taxClassificationCode', h.lookup('TaxClassification', a.taxClassificationCode)),
          h.field('tinType', tinType ? f.t(`application.fields.tinTypes.${tinType}`) : undefined),
          // Only the last four digits, ever: enough to check the number, and a copy travels.
          h.field('tin', maskTin(a.tin ?? '')),
          h.field('w9Address', h.address(a.address)),
          h.field('certified', h.yesNo(a.certified)),
        ],
      },
    ];
  },
  'rates-info-form': ({ ratesInfo: a = {} }, h, f) => [
    // Care in the child's home has one rate per unit instead of the grid.
    ...(a.inHomeRate === undefined
      ? []
      : [{ kind: 'fields', fields: [h.field('inHomeRate', h.money(a.inHomeRate))] } satisfies AnswerBlock]),
    ...(a.inHomeRate !== undefined && a.rates === undefined ? [] : [ratesTable(a, h, f)]),
  ],
  'operation-hours-form': ({ operationHoursInfo: a = {} }, h, f) => [
    { kind: 'subheading', text: f.t('application.fields.days') },
    {
      kind: 'fields',
      fields: (a.days ?? []).map((day) => ({
        label: h.lookup('Day', day.day) ?? h.notAnswered,
        lines: [
          day.open && day.start && day.end
            ? f.t('application.review.hoursRange', { start: f.time(day.start), end: f.time(day.end) })
            : f.t('application.review.closed'),
        ],
      })),
    },
    {
      kind: 'fields',
      fields: [
        h.field('eveningOvernightCare', h.yesNo(a.eveningOvernightCare)),
        h.field('weekendCare', h.yesNo(a.weekendCare)),
        h.field('transportation', h.yesNo(a.transportation)),
      ],
    },
  ],
  'complete-application-form': ({ conditions: a = {} }, h, f) => [
    { kind: 'subheading', text: f.t('application.fields.conditionsHeading') },
    {
      kind: 'list',
      items: ['truth', 'changes', 'records', 'falseInfo'].map((key) => f.t(`application.fields.conditions.${key}`)),
    },
    {
      kind: 'fields',
      fields: [h.field('accepted', h.yesNo(a.accepted)), h.field('listInDirectory', h.yesNo(a.listInDirectory))],
    },
    { kind: 'subheading', text: f.t('application.fields.signatureHeading') },
    {
      kind: 'fields',
      fields: [
        h.field('signatureName', h.text(a.signature?.fullName)),
        h.field('signedOn', h.date(a.signature?.signedOn)),
      ],
    },
  ],
};

const isEmpty = (value: object | undefined) => value === undefined || Object.keys(value).length === 0;

/**
 * Every answer of an application (a draft or a submitted one), one section per step of the
 * shared table in its order, each in the reader's language as `format` writes it. A step with
 * nothing saved says "Not answered" when the step is required, "Skipped" when it is not.
 */
export function applicationAnswers(application: Partial<DraftApplication>, format: AnswerFormat): AnswerSection[] {
  const h = helpers(format);
  return applicationSteps.map((step) => {
    const heading = format.t(`application.steps.${step.id}.title`);
    if (isEmpty(application[step.field])) {
      const text = format.t(step.required ? 'application.review.notAnswered' : 'application.review.skipped');
      return { id: step.id, heading, answered: false, blocks: [{ kind: 'text', text }] };
    }
    return { id: step.id, heading, answered: true, blocks: stepAnswers[step.id](application, h, format) };
  });
}

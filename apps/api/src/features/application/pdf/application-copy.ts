import {
  ageGroupCodes,
  type ApplicationStepId,
  applicationSteps,
  type DraftAddress,
  type DraftApplication,
  type DraftPerson,
  isMasked,
  localize,
  maskTin,
  type ProgramProfile,
} from '@ccap/contracts';
import type { Formats } from './formats';
import type { Labels, LocaleCode } from './labels';

/** One answer: its label and the lines of its value. */
export interface Field {
  label: string;
  lines: string[];
}

/** What a section holds, in the order it is shown. */
export type Block =
  | { kind: 'fields'; fields: Field[] }
  | { kind: 'people'; people: { heading: string; fields: Field[] }[] }
  /** A table whose first row and first column are headers. */
  | { kind: 'table'; rows: string[][] }
  | { kind: 'subheading'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'text'; text: string };

export interface Section {
  id: ApplicationStepId;
  heading: string;
  blocks: Block[];
}

/** The submitted application as read for its copy. */
export interface SubmittedApplication {
  id: number;
  providerType: string;
  submittedAt: Date;
  application: DraftApplication;
}

/** Everything a PDF copy shows, already in the reader's language and formats. */
export interface ApplicationCopy {
  lang: LocaleCode;
  tag: string;
  direction: 'ltr' | 'rtl';
  programName: string;
  agencyName: string;
  heading: string;
  facts: string[];
  sections: Section[];
  /** "#42" and the page, for the footer of every page. */
  reference: string;
}

// Reads answers as they were submitted. The step schemas are not re-applied: their age rules
// depend on today's date, and a copy must show what was sent even years later.

interface Context {
  t: Labels['t'];
  f: Formats;
}

function makeHelpers({ t, f }: Context) {
  const notAnswered = t('application.review.notAnswered');
  const field = (key: string, lines: string | string[] | undefined): Field => {
    const list = [lines ?? []].flat().filter((line) => line.length > 0);
    return { label: t(`application.fields.${key}`), lines: list.length > 0 ? list : [notAnswered] };
  };
  const text = (value: string | undefined) => value?.trim() || undefined;
  const yesNo = (value: boolean | undefined) =>
    value === undefined ? undefined : t(value ? 'application.wizard.yes' : 'application.wizard.no');
  const date = (value: string | undefined) => {
    const iso = text(value);
    // A protected date (a date of birth) comes masked: it is shown as it is.
    if (isMasked(iso)) return iso;
    return iso ? f.date(iso) : undefined;
  };
  const lookup = (type: string, value: string | undefined) => {
    const code = text(value);
    if (!code) return undefined;
    const key = `application.lookups.${type}.${code}`;
    return t(key) === key ? code : t(key);
  };
  const money = (value: number | undefined) =>
    value === undefined ? undefined : t('application.review.money', { amount: f.money(value) });
  const address = (value: DraftAddress | undefined = {}) => {
    const cityLine = [text(value.city), [text(value.state), text(value.zipCode)].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', ');
    return [text(value.address1), text(value.address2), text(cityLine)].filter((line) => line !== undefined);
  };
  const personFields = (person: DraftPerson) => [
    field('firstName', text(person.firstName)),
    field('lastName', text(person.lastName)),
    field('dateOfBirth', date(person.dateOfBirth)),
  ];
  const people = <P extends DraftPerson>(members: P[] | undefined = [], extra: (person: P) => Field[]): Block =>
    members.length === 0
      ? { kind: 'text', text: t('application.review.none') }
      : {
          kind: 'people',
          people: members.map((person, index) => ({
            heading: t('application.wizard.personHeading', { number: f.number(index + 1) }),
            fields: [...personFields(person), ...extra(person)],
          })),
        };
  return { field, text, yesNo, date, lookup, money, address, people, notAnswered };
}

type Helpers = ReturnType<typeof makeHelpers>;
type StepRenderer = (application: DraftApplication, h: Helpers, context: Context) => Block[];

// One renderer per step of the shared table; a step added there fails to compile here.
const renderers: Record<ApplicationStepId, StepRenderer> = {
  'apply-category': ({ categoryTypes: a = {} }, h) => [
    { kind: 'fields', fields: [h.field('providerTypeCode', h.lookup('ProviderType', a.providerTypeCode))] },
  ],
  'category-types-v1': ({ categoryTypes: a = {} }, h, { f }) => [
    {
      kind: 'fields',
      fields: [
        h.field('categoryCode', h.lookup('Category', a.categoryCode)),
        h.field(
          'agesServed',
          (a.agesServed ?? []).map((code) => h.lookup('AgeGroup', code) ?? ''),
        ),
        h.field('capacity', a.capacity === undefined ? undefined : f.number(a.capacity)),
      ],
    },
  ],
  'provider-information': ({ providerInfo: a = {} }, h, { f }) => {
    const languages = (a.languageCodes ?? []).map((code) => f.language(code) ?? h.lookup('Language', code) ?? code);
    return [
      {
        kind: 'fields',
        fields: [
          h.field('firstName', h.text(a.firstName)),
          h.field('lastName', h.text(a.lastName)),
          h.field('dateOfBirth', h.date(a.dateOfBirth)),
          h.field('phone', h.text(a.phone)),
          h.field('email', h.text(a.email)),
          h.field('businessName', h.text(a.businessName)),
          h.field('languageCodes', languages),
        ],
      },
    ];
  },
  'address-form': ({ address: a = {} }, h) => [
    {
      kind: 'fields',
      fields: [
        h.field('careLocation', h.address(a.careLocation)),
        h.field('mailingSameAsCare', h.yesNo(a.mailingSameAsCare)),
        ...(a.mailingSameAsCare === true ? [] : [h.field('mailing', h.address(a.mailing))]),
        h.field('county', h.text(a.county)),
      ],
    },
  ],
  'assistant-form': ({ assistants: a = {} }, h) => [
    h.people(a.members, (person) => [
      h.field('assistantPhone', h.text(person.phone)),
      h.field('assistantEmail', h.text(person.email)),
    ]),
  ],
  'child-form': ({ children: a = {} }, h) => [
    h.people(a.members, (person) => [
      h.field('relationshipCode', h.lookup('Relationship', person.relationshipCode)),
      h.field('specialNeeds', h.yesNo(person.specialNeeds ?? false)),
    ]),
  ],
  'adult-form': ({ adults: a = {} }, h) => [
    h.people(a.members, (person) => [h.field('relationshipCode', h.lookup('Relationship', person.relationshipCode))]),
    { kind: 'fields', fields: [h.field('recordCheckConsent', h.yesNo(a.recordCheckConsent))] },
  ],
  'w9-info-form': ({ w9Info: a = {} }, h, { t }) => {
    const tinType = h.text(a.tinType);
    return [
      {
        kind: 'fields',
        fields: [
          h.field('legalName', h.text(a.legalName)),
          h.field('businessName', h.text(a.businessName)),
          h.field('taxClassificationCode', h.lookup('TaxClassification', a.taxClassificationCode)),
          h.field('tinType', tinType ? t(`application.fields.tinTypes.${tinType}`) : undefined),
          // Only the last four digits, ever: the copy is a file that travels.
          h.field('tin', maskTin(a.tin ?? '') || undefined),
          h.field('w9Address', h.address(a.address)),
          h.field('certified', h.yesNo(a.certified)),
        ],
      },
    ];
  },
  'rates-info-form': ({ ratesInfo: a = {} }, h, { t }) => [
    {
      kind: 'table',
      rows: [
        [t('application.fields.ratesHeading'), t('application.fields.basic'), t('application.fields.specialNeedsRate')],
        ...ageGroupCodes.map((code) => {
          const rate = a.rates?.[code] ?? {};
          return [
            h.lookup('AgeGroup', code) ?? code,
            h.money(rate.basic) ?? h.notAnswered,
            h.money(rate.specialNeeds) ?? h.notAnswered,
          ];
        }),
      ],
    },
  ],
  'operation-hours-form': ({ operationHoursInfo: a = {} }, h, { t, f }) => {
    const days = (a.days ?? []).map((day) => ({
      label: f.day(day.day ?? ''),
      lines: [
        day.open && day.start && day.end
          ? t('application.review.hoursRange', { start: f.time(day.start), end: f.time(day.end) })
          : t('application.review.closed'),
      ],
    }));
    return [
      { kind: 'subheading', text: t('application.fields.days') },
      { kind: 'fields', fields: days },
      {
        kind: 'fields',
        fields: [
          h.field('eveningOvernightCare', h.yesNo(a.eveningOvernightCare)),
          h.field('weekendCare', h.yesNo(a.weekendCare)),
          h.field('transportation', h.yesNo(a.transportation)),
        ],
      },
    ];
  },
  'complete-application-form': ({ conditions: a = {} }, h, { t }) => {
    const signature = a.signature ?? {};
    return [
      { kind: 'subheading', text: t('application.fields.conditionsHeading') },
      {
        kind: 'list',
        items: ['truth', 'changes', 'records', 'falseInfo'].map((key) => t(`application.fields.conditions.${key}`)),
      },
      {
        kind: 'fields',
        fields: [h.field('accepted', h.yesNo(a.accepted)), h.field('listInDirectory', h.yesNo(a.listInDirectory))],
      },
      { kind: 'subheading', text: t('application.fields.signatureHeading') },
      {
        kind: 'fields',
        fields: [h.field('signatureName', h.text(signature.fullName)), h.field('signedOn', h.date(signature.signedOn))],
      },
    ];
  },
};

const isEmpty = (value: object | undefined) => value === undefined || Object.keys(value).length === 0;

/** The copy of a submitted application: every step of the shared table, in its order. */
export function buildApplicationCopy(input: {
  submitted: SubmittedApplication;
  profile: ProgramProfile;
  labels: Labels;
  formats: Formats;
}): ApplicationCopy {
  const { submitted, profile, labels, formats } = input;
  const { t } = labels;
  const context: Context = { t, f: formats };
  const helpers = makeHelpers(context);
  const wizardTitle = `application.wizard.title.${submitted.providerType}`;
  const answers = submitted.application;
  const sections = applicationSteps.map((step): Section => {
    const heading = t(`application.steps.${step.id}.title`);
    if (isEmpty(answers[step.field])) {
      return { id: step.id, heading, blocks: [{ kind: 'text', text: t('application.review.skipped') }] };
    }
    return { id: step.id, heading, blocks: renderers[step.id](answers, helpers, context) };
  });
  return {
    lang: labels.lang,
    tag: formats.tag,
    direction: labels.lang === 'ae' ? 'rtl' : 'ltr',
    programName: localize(profile.productName, labels.lang),
    agencyName: localize(profile.agencyName, labels.lang),
    heading: labels.has(wizardTitle) ? t(wizardTitle) : submitted.providerType,
    facts: [
      t('application.confirmation.body', { id: submitted.id }),
      t('application.confirmation.submittedOn', { date: formats.dateTime(submitted.submittedAt) }),
    ],
    sections,
    reference: `#${submitted.id}`,
  };
}

import { describe, expect, it } from 'vitest';
import { type AnswerBlock, type AnswerFormat, type AnswerSection, applicationAnswers } from './answers';
import { applicationStepIds } from './application';
import type { DraftApplication } from './draft-application';

// Writes every value so that a test can see which formatter wrote it and with what.
const format: AnswerFormat = {
  t: (key, values) => (values ? `${key} ${JSON.stringify(values)}` : key),
  date: (iso) => `date(${iso})`,
  time: (hhmm) => `time(${hhmm})`,
  money: (amount) => `money(${amount})`,
  number: (value) => `number(${value})`,
  lookup: (type, code) => `${type}:${code}`,
};

const answersOf = (application: Partial<DraftApplication>) =>
  Object.fromEntries(applicationAnswers(application, format).map((section) => [section.id, section])) as Record<
    AnswerSection['id'],
    AnswerSection
  >;

/** The fields of the sections' "fields" blocks as "label: line | line". */
const fieldsOf = (blocks: AnswerBlock[]) =>
  blocks.flatMap((block) =>
    block.kind === 'fields' ? block.fields.map((field) => `${field.label}: ${field.lines.join(' | ')}`) : [],
  );

const address = { address1: '400 Main Street', address2: ' ', city: 'Ames', state: 'IA', zipCode: '50010' };

describe('the answers of an application', () => {
  it('have one section per step of the shared table, in its order, headed by its title', () => {
    const sections = applicationAnswers({ providerType: 'registeredprovider' }, format);
    expect(sections.map((section) => section.id)).toEqual(applicationStepIds);
    expect(sections[2]).toMatchObject({ heading: 'application.steps.provider-information.title' });
  });

  it('say "Not answered" for a required step with nothing saved, "Skipped" for an optional one', () => {
    const sections = answersOf({ providerType: 'registeredprovider', assistants: {} });
    expect(sections['provider-information']).toMatchObject({
      answered: false,
      blocks: [{ kind: 'text', text: 'application.review.notAnswered' }],
    });
    expect(sections['assistant-form']).toMatchObject({
      answered: false,
      blocks: [{ kind: 'text', text: 'application.review.skipped' }],
    });
  });

  it('label every answer, name its codes and format its dates, saying "Not answered" where empty', () => {
    const sections = answersOf({
      providerType: 'registeredprovider',
      providerInfo: { firstName: ' Maria ', lastName: '', dateOfBirth: '1990-05-01', languageCodes: ['en', 'es'] },
      categoryTypes: { providerTypeCode: 'registered-cdh', agesServed: ['preschool'], capacity: 6 },
    });
    expect(sections['provider-information'].answered).toBe(true);
    expect(fieldsOf(sections['provider-information'].blocks)).toEqual([
      'application.fields.firstName: Maria',
      'application.fields.lastName: application.review.notAnswered',
      'application.fields.dateOfBirth: date(1990-05-01)',
      'application.fields.phone: application.review.notAnswered',
      'application.fields.email: application.review.notAnswered',
      'application.fields.businessName: application.review.notAnswered',
      'application.fields.languageCodes: Language:en | Language:es',
    ]);
    expect(fieldsOf(sections['apply-category'].blocks)).toEqual([
      'application.fields.providerTypeCode: ProviderType:registered-cdh',
    ]);
    expect(fieldsOf(sections['category-types-v1'].blocks)).toEqual([
      'application.fields.categoryCode: application.review.notAnswered',
      'application.fields.agesServed: AgeGroup:preschool',
      'application.fields.capacity: number(6)',
    ]);
  });

  it('show a masked date of birth as it comes, and only the last four digits of a taxpayer number', () => {
    const sections = answersOf({
      providerType: 'registeredprovider',
      providerInfo: { dateOfBirth: '••••-••-••' },
      w9Info: { tinType: 'ssn', tin: '123-45-6789', certified: true, address },
    });
    expect(fieldsOf(sections['provider-information'].blocks)).toContain('application.fields.dateOfBirth: ••••-••-••');
    const w9 = fieldsOf(sections['w9-info-form'].blocks);
    expect(w9).toContain('application.fields.tin: •••••6789');
    expect(w9).toContain('application.fields.tinType: application.fields.tinTypes.ssn');
    expect(w9).toContain('application.fields.w9Address: 400 Main Street | Ames, IA 50010');
    expect(w9).toContain('application.fields.certified: application.wizard.yes');
    expect(JSON.stringify(sections)).not.toContain('123-45');
  });

  it('give the mailing address only when it is not the care location, and the county by name', () => {
    const same = answersOf({
      providerType: 'registeredprovider',
      address: { careLocation: address, mailingSameAsCare: true, county: 'Story' },
    });
    expect(fieldsOf(same['address-form'].blocks)).toEqual([
      'application.fields.careLocation: 400 Main Street | Ames, IA 50010',
      'application.fields.mailingSameAsCare: application.wizard.yes',
      'application.fields.county: County:Story',
    ]);
    const other = answersOf({
      providerType: 'registeredprovider',
      address: { careLocation: address, mailingSameAsCare: false, mailing: { city: 'Boone' } },
    });
    expect(fieldsOf(other['address-form'].blocks)).toEqual([
      'application.fields.careLocation: 400 Main Street | Ames, IA 50010',
      'application.fields.mailingSameAsCare: application.wizard.no',
      'application.fields.mailing: Boone',
      'application.fields.county: application.review.notAnswered',
    ]);
  });

  it('list each person of the household under a numbered heading, and say so when there is none', () => {
    const sections = answersOf({
      providerType: 'registeredprovider',
      children: { members: [{ firstName: 'Ana', relationshipCode: 'child' }] },
      adults: { members: [], recordCheckConsent: true },
    });
    expect(sections['child-form'].blocks).toEqual([
      {
        kind: 'people',
        people: [
          {
            heading: 'application.wizard.personHeading {"number":"number(1)"}',
            fields: [
              { label: 'application.fields.firstName', lines: ['Ana'] },
              { label: 'application.fields.lastName', lines: ['application.review.notAnswered'] },
              { label: 'application.fields.dateOfBirth', lines: ['application.review.notAnswered'] },
              { label: 'application.fields.relationshipCode', lines: ['Relationship:child'] },
              { label: 'application.fields.specialNeeds', lines: ['application.wizard.no'] },
            ],
          },
        ],
      },
    ]);
    expect(sections['adult-form'].blocks).toEqual([
      { kind: 'text', text: 'application.review.none' },
      {
        kind: 'fields',
        fields: [{ label: 'application.fields.recordCheckConsent', lines: ['application.wizard.yes'] }],
      },
    ]);
  });

  it('set the rates out as a table of age groups, basic and special needs', () => {
    const sections = answersOf({
      providerType: 'registeredprovider',
      ratesInfo: { rates: { preschool: { basic: 25.5 } } },
    });
    const money = (amount: number) => `application.review.money {"amount":"money(${amount})"}`;
    expect(sections['rates-info-form'].blocks).toEqual([
      {
        kind: 'table',
        rows: [
          ['application.fields.ratesHeading', 'application.fields.basic', 'application.fields.specialNeedsRate'],
          ['AgeGroup:infant-toddler', 'application.review.notAnswered', 'application.review.notAnswered'],
          ['AgeGroup:preschool', money(25.5), 'application.review.notAnswered'],
          ['AgeGroup:school-age', 'application.review.notAnswered', 'application.review.notAnswered'],
        ],
      },
    ]);
  });

  it('give each day its hours, closed when not open or not given both times', () => {
    const sections = answersOf({
      providerType: 'registeredprovider',
      operationHoursInfo: {
        days: [
          { day: 'monday', open: true, start: '07:00', end: '17:30' },
          { day: 'tuesday', open: true, start: '07:00' },
          { day: 'sunday', open: false },
        ],
        weekendCare: false,
      },
    });
    expect(fieldsOf(sections['operation-hours-form'].blocks)).toEqual([
      'Day:monday: application.review.hoursRange {"start":"time(07:00)","end":"time(17:30)"}',
      'Day:tuesday: application.review.closed',
      'Day:sunday: application.review.closed',
      'application.fields.eveningOvernightCare: application.review.notAnswered',
      'application.fields.weekendCare: application.wizard.no',
      'application.fields.transportation: application.review.notAnswered',
    ]);
  });

  it('repeat the conditions accepted and the signature', () => {
    const sections = answersOf({
      providerType: 'registeredprovider',
      conditions: {
        accepted: true,
        listInDirectory: false,
        signature: { fullName: 'Maria Lopez', signedOn: '2026-11-28' },
      },
    });
    const blocks = sections['complete-application-form'].blocks;
    expect(blocks.filter((block) => block.kind === 'subheading')).toHaveLength(2);
    expect(blocks.find((block) => block.kind === 'list')).toEqual({
      kind: 'list',
      items: ['truth', 'changes', 'records', 'falseInfo'].map((key) => `application.fields.conditions.${key}`),
    });
    expect(fieldsOf(blocks)).toEqual([
      'application.fields.accepted: application.wizard.yes',
      'application.fields.listInDirectory: application.wizard.no',
      'application.fields.signatureName: Maria Lopez',
      'application.fields.signedOn: date(2026-11-28)',
    ]);
  });
  it('show the capacity by age, the quality rating and the in-home rate where they were answered', () => {
    const sections = answersOf({
      providerType: 'registeredprovider',
      categoryTypes: {
        providerTypeCode: 'registered-cdh',
        categoryCode: 'cdh-c',
        agesServed: ['preschool'],
        capacity: 12,
        preschoolChildren: 8,
        childrenUpTo24Months: 4,
        childrenUpTo12Months: 2,
        schoolAgeChildren: 4,
        secondProviderPresent: true,
        qualityRating: '3',
      },
      ratesInfo: { inHomeRate: 30.5 },
    });
    expect(fieldsOf(sections['category-types-v1'].blocks)).toEqual([
      'application.fields.categoryCode: Category:cdh-c',
      'application.fields.agesServed: AgeGroup:preschool',
      'application.fields.capacity: number(12)',
      'application.fields.preschoolChildren: number(8)',
      'application.fields.childrenUpTo24Months: number(4)',
      'application.fields.childrenUpTo12Months: number(2)',
      'application.fields.schoolAgeChildren: number(4)',
      'application.fields.secondProviderPresent: application.wizard.yes',
      'application.fields.qualityRating: application.fields.qualityRatingLevel {"level":"3"}',
    ]);
    expect(sections['rates-info-form'].blocks).toEqual([
      {
        kind: 'fields',
        fields: [
          { label: 'application.fields.inHomeRate', lines: ['application.review.money {"amount":"money(30.5)"}'] },
        ],
      },
    ]);
    const unrated = answersOf({ providerType: 'registeredprovider', categoryTypes: { qualityRating: 'none' } });
    expect(fieldsOf(unrated['category-types-v1'].blocks)).toContain(
      'application.fields.qualityRating: application.fields.qualityRatingNone',
    );
  });
});

import { describe, expect, expectTypeOf, it } from 'vitest';
import { providerTypeCodeIssues, stepStates, submissionIssues } from './application';
import { type DraftApplication, parseApplication } from './draft-application';
import { dayCodes } from './lookups';
import { todayIso } from './rules';

const yearsAgo = (years: number) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
};

/** Every field of every step answered, optional ones included. */
const complete = (): DraftApplication => {
  const address = { address1: '120 Oak Street', address2: 'Unit 2', city: 'Ames', state: 'IA', zipCode: '50010' };
  return {
    providerType: 'registeredprovider',
    categoryTypes: {
      providerTypeCode: 'registered-cdh',
      categoryCode: 'cdh-b',
      agesServed: ['infant-toddler', 'preschool'],
      capacity: 8,
    },
    providerInfo: {
      firstName: 'Maria',
      lastName: 'Lopez',
      dateOfBirth: yearsAgo(38),
      phone: '(515) 555-0142',
      email: 'maria.lopez@example.gov',
      businessName: 'Little Oaks Home Care',
      languageCodes: ['en', 'es'],
    },
    address: {
      careLocation: address,
      mailingSameAsCare: false,
      mailing: { ...address, address2: '' },
      county: 'Story',
    },
    assistants: {
      members: [
        { firstName: 'Ana', lastName: 'Lopez', dateOfBirth: yearsAgo(16), phone: '515-555-0100', email: 'a@b.gov' },
      ],
    },
    children: {
      members: [
        {
          firstName: 'Leo',
          lastName: 'Lopez',
          dateOfBirth: yearsAgo(6),
          relationshipCode: 'child',
          specialNeeds: true,
        },
      ],
    },
    adults: {
      members: [{ firstName: 'Jon', lastName: 'Lopez', dateOfBirth: yearsAgo(40), relationshipCode: 'spouse' }],
      recordCheckConsent: true,
    },
    w9Info: {
      legalName: 'Maria Lopez',
      businessName: 'Little Oaks',
      taxClassificationCode: 'individual',
      tinType: 'ssn',
      tin: '123-45-6789',
      address,
      certified: true,
    },
    ratesInfo: {
      rates: {
        'infant-toddler': { basic: 16.63, specialNeeds: 24.95 },
        preschool: { basic: 15, specialNeeds: 22.5 },
        'school-age': { basic: 15, specialNeeds: 0 },
      },
    },
    operationHoursInfo: {
      days: dayCodes.map((day) =>
        day === 'sunday' ? { day, open: false } : { day, open: true, start: '07:00', end: '17:30' },
      ),
      eveningOvernightCare: false,
      weekendCare: true,
      transportation: true,
    },
    conditions: {
      accepted: true,
      listInDirectory: true,
      signature: { fullName: 'Maria Lopez', signedOn: todayIso() },
    },
    draftApplicationId: 7,
  };
};

const parsed = (json: unknown) => {
  const result = parseApplication(json);
  if (!result.success) throw new Error(`expected a draft application: ${JSON.stringify(result.issues)}`);
  return result.data;
};

describe('parseApplication', () => {
  it('reads a complete application, from its JSON text or its value, answer for answer', () => {
    expect(parsed(JSON.stringify(complete()))).toEqual(complete());
    expect(parsed(complete())).toEqual(complete());
    expect(submissionIssues(parsed(JSON.stringify(complete())))).toEqual([]);
    expect(providerTypeCodeIssues(parsed(complete()))).toEqual([]);
  });

  it('reads a draft saved with errors as it was saved, and its steps keep their errors', () => {
    // What the wizard saves when the user goes back from unfinished steps: answers that break the
    // steps' rules, but each of its field's kind.
    const draft = {
      providerType: 'unregisteredprovider',
      categoryTypes: { categoryCode: 'home', agesServed: [], capacity: 99 },
      providerInfo: { firstName: ' ', phone: 'abc', email: 'not-an-email', languageCodes: [] },
      address: { careLocation: { state: 'IA' }, mailingSameAsCare: true },
      adults: { members: [{ firstName: 'Jon', dateOfBirth: '2999-01-01' }], recordCheckConsent: false },
      w9Info: { tinType: 'ein', tin: '123-45-6789', certified: false, address: { state: 'IA' } },
      conditions: { accepted: false, listInDirectory: false, signature: { fullName: '', signedOn: '2026-13-45' } },
    };
    expect(parsed(JSON.stringify(draft))).toEqual(draft);
    const states = Object.fromEntries(stepStates(parsed(draft)).map((step) => [step.id, step.state]));
    expect(states).toMatchObject({
      'apply-category': 'to-do',
      'category-types-v1': 'has-errors',
      'provider-information': 'has-errors',
      'address-form': 'has-errors',
      'adult-form': 'has-errors',
      'w9-info-form': 'has-errors',
      'complete-application-form': 'has-errors',
    });
  });

  it('reads the provider type case-insensitively, as "Pick where you left" does', () => {
    expect(parsed('{"providerType":"UnRegisteredProvider"}').providerType).toBe('unregisteredprovider');
  });

  it('drops keys no step knows, at the top and within a step', () => {
    const json = `{"providerType":"registeredprovider","__proto__":{"admin":true},"x":[[1]],
      "providerInfo":{"firstName":"Maria","constructor":"junk","note":"x"}}`;
    const application = parsed(json);
    expect(application).toEqual({ providerType: 'registeredprovider', providerInfo: { firstName: 'Maria' } });
    expect(Object.getPrototypeOf(application)).toBe(Object.prototype);
  });

  it('reads a value not of its field’s kind (only a direct call sends one) as not answered', () => {
    const application = parsed({
      providerType: 'registeredprovider',
      categoryTypes: { capacity: 'eight', agesServed: ['preschool', 3] },
      providerInfo: { firstName: 42, lastName: 'Lopez', businessName: { name: 'x' } },
      address: { careLocation: 'Ames', mailingSameAsCare: 'yes', county: null },
      children: { members: [{ firstName: 'Leo' }, 'Mia'] },
      ratesInfo: { rates: { preschool: { basic: Number.POSITIVE_INFINITY, specialNeeds: 20 } } },
    });
    expect(JSON.parse(JSON.stringify(application))).toEqual({
      providerType: 'registeredprovider',
      categoryTypes: {},
      providerInfo: { lastName: 'Lopez' },
      address: {},
      children: {},
      ratesInfo: { rates: { preschool: { specialNeeds: 20 } } },
    });
    // A required field so read is still missing at submission.
    expect(submissionIssues(application)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'providerInfo.firstName', step: 'provider-information' }),
        expect.objectContaining({ path: 'children.members', step: 'child-form' }),
      ]),
    );
  });

  it('refuses what is not a draft application, saying where', () => {
    const issues = (json: unknown) => {
      const result = parseApplication(json);
      return result.success ? [] : result.issues.map((issue) => issue.path);
    };
    expect(issues('{"providerType": ')).toEqual(['']);
    expect(issues('[]')).toEqual(['']);
    expect(issues(null)).toEqual(['']);
    expect(issues({ providerInfo: {} })).toEqual(['providerType']);
    expect(issues({ providerType: 'spaceship', children: 'many', adults: [], w9Info: null })).toEqual([
      'providerType',
      'children',
      'adults',
      'w9Info',
    ]);
    expect(issues({ providerType: 'registeredprovider', draftApplicationId: -1 })).toEqual(['draftApplicationId']);
  });

  it('gives each answer its field’s type', () => {
    const application = parsed(complete());
    expectTypeOf(application.providerType).toEqualTypeOf<'registeredprovider' | 'unregisteredprovider'>();
    expectTypeOf(application.providerInfo?.firstName).toEqualTypeOf<string | undefined>();
    expectTypeOf(application.categoryTypes?.capacity).toEqualTypeOf<number | undefined>();
    expectTypeOf(application.categoryTypes?.providerTypeCode).toEqualTypeOf<string | undefined>();
    expectTypeOf(application.address?.careLocation?.zipCode).toEqualTypeOf<string | undefined>();
    expectTypeOf(application.children?.members?.[0]?.specialNeeds).toEqualTypeOf<boolean | undefined>();
    expectTypeOf(application.ratesInfo?.rates?.preschool?.basic).toEqualTypeOf<number | undefined>();
    expectTypeOf(application.conditions?.accepted).toEqualTypeOf<boolean | undefined>();
  });
});

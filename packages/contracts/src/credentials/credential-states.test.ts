import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseApplication } from '../application/draft-application';
import { providerInfoSchema } from '../application/steps';
import { programProfileSchema } from '../program-profile';
import { type CredentialRules, credentialRulesSchema, credentialStates, credentialStatusOn } from './credential-states';

const rules: CredentialRules = credentialRulesSchema.parse({
  trainings: [
    { code: 'cpr', name: { en: 'CPR' }, validityMonths: 24, documentCode: 'cpr-certificate', source: 's' },
    { code: 'mandatory-reporter', name: { en: 'Mandatory reporter' }, validityMonths: 36, source: 's' },
    { code: 'medication', name: { en: 'Medication' }, validityMonths: null, source: 's' },
    {
      code: 'safe-sleep',
      name: { en: 'Safe sleep' },
      validityMonths: null,
      when: [{ answer: 'categoryTypes.agesServed', includes: 'infant-toddler' }],
      source: 's',
    },
  ],
  recordCheck: { validityMonths: 24, source: 's' },
  fingerprinting: { validityMonths: 60, source: 's' },
  physicalExamination: { validityMonths: 36, providerTypes: ['registeredprovider'], source: 's' },
});

const application = (answers: Record<string, unknown>) => {
  const parsed = parseApplication({ providerType: 'registeredprovider', ...answers });
  if (!parsed.success) throw new Error('unreadable');
  return parsed.data;
};

describe('credentialStatusOn', () => {
  it('is valid more than 30 days ahead, expiring within 30 days (the last day included), expired after', () => {
    expect(credentialStatusOn('2027-03-01', '2027-01-29')).toBe('valid');
    expect(credentialStatusOn('2027-03-01', '2027-01-30')).toBe('expiring');
    expect(credentialStatusOn('2027-03-01', '2027-03-01')).toBe('expiring');
    expect(credentialStatusOn('2027-03-01', '2027-03-02')).toBe('expired');
    expect(credentialStatusOn(undefined, '2099-01-01')).toBe('valid');
  });
});

describe('credentialStates', () => {
  const today = '2027-01-15';
  const answers = application({
    providerInfo: {
      firstName: 'Ada',
      lastName: 'Lee',
      trainings: [
        { code: 'cpr', completedOn: '2025-02-01' },
        { code: 'mandatory-reporter', completedOn: '2023-01-01', expiresOn: '2027-01-10' },
        { code: 'medication', completedOn: '2020-05-05' },
      ],
      recordCheckOn: '2024-12-31',
      fingerprintedOn: '2024-06-01',
    },
    adults: { members: [{ firstName: 'Bo', lastName: 'Lee', dateOfBirth: '1980-01-01', recordCheckOn: '2026-01-01' }] },
    assistants: { members: [{ firstName: 'Cy', lastName: 'Ng', dateOfBirth: '2012-01-01' }] },
  });
  const states = credentialStates(answers, rules, today);
  const byKey = Object.fromEntries(states.map((state) => [state.key, state]));

  it("counts the expiry from the profile's validity, or takes the certificate's stated one", () => {
    expect(byKey['training:cpr']).toMatchObject({ expiresOn: '2027-02-01', daysLeft: 17, status: 'expiring' });
    expect(byKey['training:cpr']?.documentCode).toBe('cpr-certificate');
    expect(byKey['training:mandatory-reporter']).toMatchObject({ expiresOn: '2027-01-10', status: 'expired' });
  });

  it('a training with no validity stays valid, and one required but not given is missing', () => {
    expect(byKey['training:medication']).toMatchObject({ status: 'valid', required: true });
    expect(byKey['training:medication']?.expiresOn).toBeUndefined();
    expect(byKey['physicalExamination:provider']).toMatchObject({ status: 'missing', required: true });
  });

  it('asks record checks of the provider and the people aged 18 or older, not of a younger assistant', () => {
    expect(byKey['recordCheck:provider']).toMatchObject({ expiresOn: '2026-12-31', status: 'expired' });
    expect(byKey['recordCheck:adults:Bo Lee']).toMatchObject({ status: 'valid', person: 'Bo Lee' });
    expect(byKey['fingerprinting:adults:Bo Lee']).toMatchObject({ status: 'missing' });
    expect(states.some((state) => state.person === 'Cy Ng')).toBe(false);
    expect(byKey['fingerprinting:provider']).toMatchObject({ expiresOn: '2029-06-01', status: 'valid' });
  });

  it('asks a conditional training only when its condition holds, and no exam of a non-registered provider', () => {
    expect(byKey['training:safe-sleep']).toBeUndefined();
    const infants = credentialStates(application({ categoryTypes: { agesServed: ['infant-toddler'] } }), rules, today);
    expect(infants.find((state) => state.key === 'training:safe-sleep')).toMatchObject({ status: 'missing' });
    const unregistered = credentialStates({ ...application({}), providerType: 'unregisteredprovider' }, rules, today);
    expect(unregistered.some((state) => state.kind === 'physicalExamination')).toBe(false);
  });

  it('tracks nothing without rules', () => {
    expect(credentialStates(answers, undefined, today)).toEqual([]);
  });
});

describe('the credential answers of the provider step', () => {
  const base = { firstName: 'A', lastName: 'B', dateOfBirth: '1980-01-01', phone: '5155550100', email: 'a@b.example' };
  it('refuses an expiry on or before the completion day, and a completion in the future', () => {
    const early = providerInfoSchema.safeParse({
      ...base,
      trainings: [{ code: 'cpr', completedOn: '2025-01-01', expiresOn: '2025-01-01' }],
    });
    expect(early.success).toBe(false);
    expect(early.error?.issues[0]).toMatchObject({
      path: ['trainings', 0, 'expiresOn'],
      message: 'validation.application.expiryBeforeCompletion',
    });
    const future = providerInfoSchema.safeParse({ ...base, trainings: [{ code: 'cpr', completedOn: '2999-01-01' }] });
    expect(future.error?.issues[0]?.message).toBe('validation.application.dateInFuture');
    expect(providerInfoSchema.safeParse({ ...base, recordCheckOn: '2999-01-01' }).success).toBe(false);
    expect(
      providerInfoSchema.safeParse({
        ...base,
        trainings: [{ code: 'cpr', completedOn: '2025-01-01', expiresOn: '2027-01-01' }],
      }).success,
    ).toBe(true);
  });
});

describe('the shipped profile', () => {
  const profile = programProfileSchema.parse(
    JSON.parse(readFileSync(new URL('../../../../apps/api/profiles/default.json', import.meta.url), 'utf8')),
  );
  it('lists the trainings in 16 languages, each with a source, and its documents exist', () => {
    const credentials = profile.credentials!;
    expect(credentials.trainings.map((training) => training.code)).toEqual(
      expect.arrayContaining(['first-aid', 'cpr', 'mandatory-reporter', 'shaken-baby', 'transporting-children']),
    );
    for (const training of credentials.trainings) {
      expect(Object.keys(training.name)).toHaveLength(16);
      expect(training.source.length).toBeGreaterThan(10);
      if (training.documentCode) {
        expect(profile.requiredDocuments.some((rule) => rule.code === training.documentCode)).toBe(true);
      }
    }
    expect(credentials.recordCheck.validityMonths).toBe(24);
  });
});

describe('a training not completed', () => {
  const base = { firstName: 'A', lastName: 'B', dateOfBirth: '1980-01-01', phone: '5155550100', email: 'a@b.example' };
  it('is a valid answer, but an expiry needs its completion day', () => {
    expect(providerInfoSchema.safeParse({ ...base, trainings: [{ code: 'cpr' }] }).success).toBe(true);
    const noCompletion = providerInfoSchema.safeParse({
      ...base,
      trainings: [{ code: 'cpr', expiresOn: '2027-01-01' }],
    });
    expect(noCompletion.error?.issues[0]).toMatchObject({
      path: ['trainings', 0, 'completedOn'],
      message: 'validation.required',
    });
  });
});

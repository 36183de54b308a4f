import { describe, expect, it } from 'vitest';
import type { DraftApplication } from '../application/draft-application';
import type { CredentialRules } from '../credentials/credential-states';
import type { DocumentRule } from '../documents/required-documents';
import { documentsToRenew } from './renewal';

const rules: DocumentRule[] = [
  { code: 'cpr-certificate', name: { en: 'CPR certificate' }, description: { en: 'CPR' }, when: [] },
  {
    code: 'record-check-authorization',
    name: { en: 'Record check authorization – {person}' },
    description: { en: 'Signed form' },
    when: [],
    per: ['provider', 'adults'],
  },
];
const credentials: CredentialRules = {
  expiringWithinDays: 30,
  trainings: [
    { code: 'cpr', name: { en: 'CPR' }, validityMonths: 24, documentCode: 'cpr-certificate', source: 'test', when: [] },
    { code: 'medication', name: { en: 'Medication' }, validityMonths: null, source: 'test', when: [] },
  ],
  recordCheck: { validityMonths: 24, documentCode: 'record-check-authorization', source: 'test' },
  fingerprinting: { validityMonths: 60, source: 'test' },
  physicalExamination: { validityMonths: 36, source: 'test' },
};
const before: DraftApplication = {
  providerType: 'registeredprovider',
  providerInfo: {
    firstName: 'Maria',
    lastName: 'Lopez',
    phone: '(515) 555-0142',
    trainings: [{ code: 'cpr', completedOn: '2024-01-10', expiresOn: '2026-01-10' }],
    recordCheckOn: '2025-06-01',
  },
  adults: { members: [{ firstName: 'Jon', lastName: 'Lopez', recordCheckOn: '2025-06-01' }] },
};
const onFile = [
  { code: 'cpr-certificate', documentName: 'CPR certificate' },
  { code: 'record-check-authorization', documentName: 'Record check authorization – Maria Lopez' },
  { code: 'record-check-authorization', documentName: 'Record check authorization – Jon Lopez' },
];
const renew = (after: DraftApplication) =>
  documentsToRenew({ rules, before, after, onFile, today: '2026-03-01', credentials }).map((document) => [
    document.documentName,
    document.reason,
  ]);

describe('documentsToRenew', () => {
  it('asks for the expired certificate only, whatever the wizard did to the training list', () => {
    // The wizard lists every training of the profile, given or not, in the profile's order.
    const after: DraftApplication = {
      ...before,
      providerInfo: {
        ...before.providerInfo,
        trainings: [...(before.providerInfo?.trainings ?? []), { code: 'medication' }],
      },
    };
    expect(renew(after)).toEqual([['CPR certificate', 'expired']]);
  });

  it("asks again for a person's document when the person's own answers change", () => {
    const after: DraftApplication = {
      ...before,
      adults: {
        members: [{ firstName: 'Jon', lastName: 'Lopez', dateOfBirth: '1980-02-03', recordCheckOn: '2025-06-01' }],
      },
    };
    expect(renew(after)).toEqual([
      ['CPR certificate', 'expired'],
      ['Record check authorization – Jon Lopez', 'changed'],
    ]);
  });

  it("asks again for a person's document whose credential has expired", () => {
    const after: DraftApplication = {
      ...before,
      adults: { members: [{ firstName: 'Jon', lastName: 'Lopez', recordCheckOn: '2023-06-01' }] },
    };
    expect(renew(after)).toEqual([
      ['CPR certificate', 'expired'],
      ['Record check authorization – Jon Lopez', 'expired'],
    ]);
  });
});

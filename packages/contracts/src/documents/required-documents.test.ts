import { describe, expect, it } from 'vitest';
import type { DraftApplication } from '../application/draft-application';
import { todayIso } from '../application/rules';
import { documentRulesSchema, requiredDocumentsFor } from './required-documents';
import { uploadDocumentRequestSchema } from './documents';

const rules = documentRulesSchema.parse([
  { code: 'w9', name: 'W-9', description: 'The signed W-9.' },
  { code: 'payment', name: 'Payment application', description: 'Form.', providerTypes: ['unregisteredprovider'] },
  {
    code: 'record-check',
    name: 'Record check – {person}',
    description: 'Authorization of {person}.',
    per: ['provider', 'adults'],
  },
  {
    code: 'safe-sleep',
    name: 'Safe sleep',
    description: 'Infants.',
    when: [{ answer: 'categoryTypes.agesServed', includes: 'infant-toddler' }],
  },
  {
    code: 'vehicle',
    name: 'Vehicle insurance',
    description: 'Transport.',
    when: [{ answer: 'operationHoursInfo.transportation', equals: true }],
  },
]);

const application: DraftApplication = {
  providerType: 'registeredprovider',
  providerInfo: { firstName: 'Maria', lastName: 'Lopez' },
  categoryTypes: { agesServed: ['preschool'] },
  adults: {
    members: [
      { firstName: 'Jon', lastName: 'Lopez' },
      { firstName: 'Eva', lastName: 'Ruiz' },
    ],
  },
  operationHoursInfo: { transportation: true },
};

describe('required documents', () => {
  it('applies the rules that fit the provider type and answers, one per person for per rules', () => {
    expect(requiredDocumentsFor(rules, application)).toEqual([
      { code: 'w9', documentName: 'W-9', description: 'The signed W-9.' },
      {
        code: 'record-check',
        documentName: 'Record check – Maria Lopez',
        description: 'Authorization of Maria Lopez.',
      },
      { code: 'record-check', documentName: 'Record check – Jon Lopez', description: 'Authorization of Jon Lopez.' },
      { code: 'record-check', documentName: 'Record check – Eva Ruiz', description: 'Authorization of Eva Ruiz.' },
      { code: 'vehicle', documentName: 'Vehicle insurance', description: 'Transport.' },
    ]);
  });

  it('follows the provider type and list answers', () => {
    const codes = requiredDocumentsFor(rules, {
      ...application,
      providerType: 'unregisteredprovider',
      categoryTypes: { agesServed: ['infant-toddler'] },
      adults: { members: [] },
      operationHoursInfo: { transportation: false },
    }).map((document) => document.code);
    expect(codes).toEqual(['w9', 'payment', 'record-check', 'safe-sleep']);
  });

  it('asks a per-person document only of those old enough, when the rule says so', () => {
    const yearsAgo = (years: number) => `${Number(todayIso().slice(0, 4)) - years}${todayIso().slice(4)}`;
    const [checks] = documentRulesSchema.parse([
      { code: 'check', name: 'Check – {person}', description: '{person}', per: ['children'], minAge: 14 },
    ]);
    const names = requiredDocumentsFor([checks!], {
      providerType: 'registeredprovider',
      children: {
        members: [
          { firstName: 'Teen', lastName: 'Lopez', dateOfBirth: yearsAgo(15) },
          { firstName: 'Kid', lastName: 'Lopez', dateOfBirth: yearsAgo(6) },
          { firstName: 'Unknown', lastName: 'Lopez' },
        ],
      },
    }).map((document) => document.documentName);
    expect(names).toEqual(['Check – Teen Lopez', 'Check – Unknown Lopez']);
  });

  it('refuses a table with a repeated code or a condition that is neither equals nor includes', () => {
    expect(documentRulesSchema.safeParse([rules[0], rules[0]]).success).toBe(false);
    const vague = [{ code: 'x', name: 'X', description: 'X', when: [{ answer: 'address.county' }] }];
    expect(documentRulesSchema.safeParse(vague).success).toBe(false);
    const both = [{ code: 'x', name: 'X', description: 'X', when: [{ answer: 'a', equals: 1, notEquals: 2 }] }];
    expect(documentRulesSchema.safeParse(both).success).toBe(false);
  });

  it('asks the QRS certificate of a home that named a rating level, as given and other than "none"', () => {
    const qrs = documentRulesSchema.parse([
      {
        code: 'qrs',
        name: 'QRS certificate',
        description: 'The certificate.',
        when: [{ answer: 'categoryTypes.qualityRating', notEquals: 'none' }],
      },
    ]);
    const rated = (qualityRating?: string) =>
      requiredDocumentsFor(qrs, { ...application, categoryTypes: { qualityRating } }).map((spec) => spec.code);
    expect(rated('3')).toEqual(['qrs']);
    expect(rated('none')).toEqual([]);
    expect(rated(undefined)).toEqual([]);
  });
});

describe('the upload payload', () => {
  const payload = { applicationId: 1, documentId: 2, documentName: 'w9.pdf', documentStream: 'JVBERi0=' };
  it('takes base64 and ignores the spec fixed uploadedBy', () => {
    expect(uploadDocumentRequestSchema.parse({ ...payload, uploadedBy: 1000 })).toMatchObject(payload);
  });
  it('refuses text that is not base64', () => {
    expect(uploadDocumentRequestSchema.safeParse({ ...payload, documentStream: 'not base64!' }).success).toBe(false);
    expect(
      uploadDocumentRequestSchema.safeParse({ ...payload, documentStream: 'data:application/pdf;base64,JVBERi0=' })
        .success,
    ).toBe(false);
  });
});

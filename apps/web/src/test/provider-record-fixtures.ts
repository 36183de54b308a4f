import type { DraftApplication, ProviderRecordView } from '@ccap/contracts';
import { answeredApplication } from './application-fixtures';

/** The first version of an approved provider's record, in force since 1 October, with `answers`. */
export const firstRecordVersion = (answers: DraftApplication = answeredApplication()): ProviderRecordView => ({
  applicationId: 31,
  licenseNumber: 'CCA-0000031',
  status: 'active',
  approval: { endsOn: '2028-10-01', daysLeft: 681, lapsed: false },
  county: 'Polk',
  on: '2026-11-20',
  inForce: { version: 1, validFrom: '2026-10-01', validTo: null, answers },
  currentVersion: 1,
  history: [],
  documents: [],
});

/** The answers after the provider moved the care location to 9 Elm Street. */
const moved = () => {
  const answers = answeredApplication();
  return {
    ...answers,
    address: { ...answers.address, careLocation: { ...answers.address.careLocation, address1: '9 Elm Street' } },
  };
};

/** The same record after a move: version 2 in force since 10 November, with both versions' history. */
export const movedRecord = (documents: ProviderRecordView['documents'] = []): ProviderRecordView => ({
  ...firstRecordVersion(),
  inForce: { version: 2, validFrom: '2026-11-10', validTo: null, answers: moved() },
  currentVersion: 2,
  history: [
    {
      version: 1,
      validFrom: '2026-10-01',
      validTo: '2026-11-10',
      changedAt: '2026-10-01T15:00:00.000Z',
      changedBy: { kind: 'agency', name: 'Eligibility Unit' },
      reason: null,
      changed: [],
    },
    {
      version: 2,
      validFrom: '2026-11-10',
      validTo: null,
      changedAt: '2026-11-09T15:00:00.000Z',
      changedBy: { kind: 'provider', name: null },
      reason: 'We moved',
      changed: ['address'],
    },
  ],
  documents,
});

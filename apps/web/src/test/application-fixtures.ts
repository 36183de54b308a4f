import type { RequiredDocument } from '@ccap/contracts';

/** A complete provider-information step, as a draft holds it. */
export const providerInfo = {
  firstName: 'Nia',
  lastName: 'Provider',
  dateOfBirth: '1985-04-12',
  phone: '515-555-0123',
  email: 'nia@example.gov',
  languageCodes: [],
};

/** A required document as the API lists it (a W-9 not uploaded yet); a test overrides what it is about. */
export const requiredDocument = (overrides: Partial<RequiredDocument> = {}): RequiredDocument => ({
  documentId: 7,
  documentName: 'IRS Form W-9',
  description: 'The W-9 form',
  isUploaded: false,
  isRequired: true,
  isWaived: false,
  waiveReason: null,
  canUpload: true,
  file: null,
  ...overrides,
});

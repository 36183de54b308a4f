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

/**
 * Every step but the conditions answered, valid by the shared rules and the test lookups: a draft
 * ready for the review step.
 */
export const answeredApplication = () => {
  const address = { address1: '1 Main St', city: 'Ames', state: 'IA', zipCode: '50010' };
  const rate = { basic: 15, specialNeeds: 22.5 };
  return {
    providerType: 'registeredprovider' as const,
    categoryTypes: {
      providerTypeCode: 'registered-cdh',
      categoryCode: 'cdh-a',
      agesServed: ['school-age'],
      capacity: 6,
      // Within category A's limits in the shipped profile, with no quality rating.
      preschoolChildren: 0,
      childrenUpTo24Months: 0,
      childrenUpTo12Months: 0,
      schoolAgeChildren: 6,
      qualityRating: 'none',
    },
    providerInfo,
    address: { careLocation: address, mailingSameAsCare: true, county: 'Polk' },
    assistants: { members: [] },
    children: {
      members: [
        {
          firstName: 'Leo',
          lastName: 'Provider',
          dateOfBirth: '2019-03-02',
          relationshipCode: 'child',
          specialNeeds: false,
        },
      ],
    },
    adults: {
      members: [{ firstName: 'Jon', lastName: 'Provider', dateOfBirth: '1984-07-09', relationshipCode: 'spouse' }],
      recordCheckConsent: true,
    },
    w9Info: {
      legalName: 'Nia Provider',
      taxClassificationCode: 'individual',
      tinType: 'ssn',
      tin: '123-45-6789',
      address,
      certified: true,
    },
    ratesInfo: { rates: { 'infant-toddler': rate, preschool: rate, 'school-age': rate } },
    operationHoursInfo: {
      days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) =>
        day === 'saturday' || day === 'sunday'
          ? { day, open: false }
          : { day, open: true, start: '07:00', end: '17:30' },
      ),
      eveningOvernightCare: false,
      weekendCare: false,
      transportation: true,
    },
  };
};

/** A required document as the API lists it (a W-9 not uploaded yet); a test overrides what it is about. */
export const requiredDocument = (overrides: Partial<RequiredDocument> = {}): RequiredDocument => ({
  documentId: 7,
  code: 'w9',
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

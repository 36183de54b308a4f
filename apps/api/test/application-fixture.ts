import type { DraftApplication, ProviderType } from '@ccap/contracts';
import { dayCodes } from '@ccap/contracts';

const yearsAgo = (years: number) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
};

/** A complete, valid application, typed by the shared contract. */
export function completeApplication(providerType: ProviderType = 'registeredprovider'): DraftApplication {
  const address = { address1: '120 Oak Street', city: 'Ames', state: 'IA', zipCode: '50010' };
  const registered = providerType === 'registeredprovider';
  return {
    providerType,
    // Within the shipped profile's rules: category B's limits by age and no quality rating for a
    // registered home; five children for a home that is not registered, and enough eligible
    // children (with a rate per unit below) should a test make it care in the child's home.
    categoryTypes: registered
      ? {
          providerTypeCode: 'registered-cdh',
          categoryCode: 'cdh-b',
          agesServed: ['infant-toddler', 'preschool'],
          capacity: 8,
          preschoolChildren: 6,
          childrenUpTo24Months: 3,
          childrenUpTo12Months: 1,
          schoolAgeChildren: 2,
          qualityRating: 'none',
        }
      : {
          providerTypeCode: 'non-registered-home',
          categoryCode: 'home',
          agesServed: ['infant-toddler', 'preschool'],
          capacity: 5,
          eligibleChildren: 3,
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
    address: { careLocation: address, mailingSameAsCare: true, county: 'Story' },
    assistants: { members: [{ firstName: 'Ana', lastName: 'Lopez', dateOfBirth: yearsAgo(16) }] },
    children: {
      members: [
        {
          firstName: 'Leo',
          lastName: 'Lopez',
          dateOfBirth: yearsAgo(6),
          relationshipCode: 'child',
          specialNeeds: false,
        },
      ],
    },
    adults: {
      members: [{ firstName: 'Jon', lastName: 'Lopez', dateOfBirth: yearsAgo(40), relationshipCode: 'spouse' }],
      recordCheckConsent: true,
    },
    w9Info: {
      legalName: 'Maria Lopez',
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
        'school-age': { basic: 15, specialNeeds: 22.5 },
      },
      ...(registered ? {} : { inHomeRate: 36.25 }),
    },
    operationHoursInfo: {
      days: dayCodes.map((day) =>
        day === 'saturday' || day === 'sunday'
          ? { day, open: false }
          : { day, open: true, start: '07:00', end: '17:30' },
      ),
      eveningOvernightCare: false,
      weekendCare: false,
      transportation: true,
    },
    conditions: {
      accepted: true,
      listInDirectory: true,
      signature: { fullName: 'Maria Lopez', signedOn: new Date().toISOString().slice(0, 10) },
    },
  };
}

/** A complete application for care in `county`, under its own business name. */
export function applicationInCounty(county: string, businessName: string): DraftApplication {
  const application = completeApplication();
  application.address = { ...application.address, county };
  application.providerInfo = { ...application.providerInfo, businessName };
  return application;
}

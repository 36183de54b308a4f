import { z } from 'zod';

/** Lookup types of the spec's "Lookup item" (section 3); the web translates by `code`. */
export const lookupTypes = [
  'Relationship',
  'ProviderType',
  'Category',
  'County',
  'Language',
  'AgeGroup',
  'TaxClassification',
  'Day',
  'State',
] as const;
export const lookupTypeSchema = z.enum(lookupTypes);
export type LookupType = z.infer<typeof lookupTypeSchema>;

export const lookupItemSchema = z.object({
  lookupId: z.number().int(),
  lookupType: lookupTypeSchema,
  code: z.string(),
  name: z.string(),
  parentLookupId: z.number().int().nullable(),
});
export type LookupItem = z.infer<typeof lookupItemSchema>;

/** GET /api/Lookup/get-lookups: items wrapped in `data`, as the spec says. */
export const lookupResponseSchema = z.object({ data: z.array(lookupItemSchema) });
export type LookupResponse = z.infer<typeof lookupResponseSchema>;

/** Codes the application rules depend on; the other lookups are data. */
export const providerTypeCodes = ['registered-cdh', 'non-registered-home', 'non-registered-in-home'] as const;
export type ProviderTypeCode = (typeof providerTypeCodes)[number];
export const ageGroupCodes = ['infant-toddler', 'preschool', 'school-age'] as const;
export const dayCodes = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const tinTypes = ['ssn', 'ein'] as const;

/** The US states and territories a mailing address may be in (USPS codes). */
export const stateCodes = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'PR',
  'GU',
  'VI',
  'AS',
  'MP',
] as const;

import { z } from 'zod';
import { documentRulesSchema } from './documents/required-documents';
import { PROVIDER_SEARCH_LIMITS } from './provider-search-constants';

const phoneSchema = z.string().regex(/^\(?\d{3}\)?[ .-]?\d{3}[ .-]?\d{4}$/, 'must be a 10-digit US phone number');
const isoDateSchema = z.iso.date();

export const contactUnitSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  phone: phoneSchema,
  fax: phoneSchema.optional(),
  email: z.email().optional(),
  hours: z.string().optional(),
});
export type ContactUnit = z.infer<typeof contactUnitSchema>;

export const formListItemSchema = z.object({
  name: z.string().min(1),
  id: z.string().min(1),
  lastUpdated: isoDateSchema,
  url: z.url().optional(),
});
export type FormListItem = z.infer<typeof formListItemSchema>;

export const ruleListItemSchema = z.object({
  name: z.string().min(1),
  citation: z.string().min(1),
  url: z.url().optional(),
});

/**
 * The program profile: every fact that differs between states or programs. The spec's
 * placeholders ({product}, {company}, {phone}) and its section 9 constants live here, so
 * that another state configures its own portal without changing code.
 */
export const programProfileSchema = z.object({
  productName: z.string().min(1),
  agencyName: z.string().min(1),
  state: z.object({
    code: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter state code'),
    name: z.string().min(1),
  }),
  phone: phoneSchema,
  fax: phoneSchema,
  versionLine: z.string().min(1),
  mainChildCarePageUrl: z.url(),
  contactUnits: z.array(contactUnitSchema).min(1),
  eligibility: z.object({
    childAgeLimit: z.number().int().positive(),
    specialNeedsChildAgeLimit: z.number().int().positive(),
    averageWorkHoursPerWeek: z.number().positive(),
    postsecondaryLifetimeLimitMonths: z.number().int().positive(),
    incomeLimitPercentOfPoverty: z.number().positive(),
    incomeLimitPercentOfPovertySpecialNeeds: z.number().positive(),
    federalPovertyGuideline: z.object({
      year: z.number().int(),
      firstPerson: z.number().positive(),
      eachAdditionalPerson: z.number().positive(),
    }),
  }),
  licensing: z.object({
    centerMinimumChildren: z.number().int().positive(),
    provisionalOperationDays: z.number().int().positive(),
    consultationFee: z.number().nonnegative(),
    applicationForm: z.string().min(1),
  }),
  forms: z.array(formListItemSchema),
  rules: z.array(ruleListItemSchema),
  /**
   * The provider search (spec section 9): the most results a search answers, what a search
   * without a distance or a provider type uses, the map's zoom, and the location the map starts
   * at (and "Use my location" gives in development). Defaults a search could not send are refused.
   */
  search: z.object({
    pageSize: z.number().int().positive().max(500),
    defaultDistanceMiles: z.number().positive().max(PROVIDER_SEARCH_LIMITS.distanceMax),
    defaultProviderTypeId: z.number().int().positive().max(PROVIDER_SEARCH_LIMITS.lookupIdMax),
    mapZoom: z.number().int().min(1).max(20),
    developmentLocation: z.object({
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
    }),
  }),
  counties: z.array(z.string().min(1)).min(1),
  /**
   * Where the program's days are counted (an IANA zone): a due date is past once that day has
   * ended there, not at UTC's midnight (six hours early in Iowa).
   */
  timeZone: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone, such as America/Chicago')
    .default('UTC'),
  /**
   * Staff sign-in with a second factor (an authenticator app's code): administrators always
   * need one; service workers when `serviceWorkers` is true.
   */
  staffSecondFactor: z.object({ serviceWorkers: z.boolean() }).default({ serviceWorkers: false }),
  /** The documents an application needs, by provider type and answers; computed at submission. */
  requiredDocuments: documentRulesSchema,
  /**
   * The product and agency names in other languages, by locale code ("ae" for Arabic). A name
   * missing here shows as above, in the profile's own language.
   */
  localizedNames: z
    .record(
      z.string().min(2).max(5),
      z.object({ productName: z.string().min(1).optional(), agencyName: z.string().min(1).optional() }),
    )
    .default({}),
});
export type ProgramProfile = z.infer<typeof programProfileSchema>;

import { z } from 'zod';
import { applicationRulesSchema } from './application/program-rules';
import { credentialRulesSchema } from './credentials/credential-states';
import { documentRulesSchema } from './documents/required-documents';
import { localizedTextSchema } from './localized-text';
import { PROVIDER_SEARCH_LIMITS } from './provider-search-constants';

const phoneSchema = z.string().regex(/^\(?\d{3}\)?[ .-]?\d{3}[ .-]?\d{4}$/, 'must be a 10-digit US phone number');
const isoDateSchema = z.iso.date();

export const contactUnitSchema = z.object({
  id: z.string().min(1),
  name: localizedTextSchema(200),
  phone: phoneSchema,
  fax: phoneSchema.optional(),
  email: z.email().optional(),
  hours: localizedTextSchema(200).optional(),
});
export type ContactUnit = z.infer<typeof contactUnitSchema>;

export const formListItemSchema = z.object({
  name: localizedTextSchema(300),
  id: z.string().min(1),
  lastUpdated: isoDateSchema,
  url: z.url().optional(),
});
export type FormListItem = z.infer<typeof formListItemSchema>;

export const ruleListItemSchema = z.object({
  name: localizedTextSchema(300),
  citation: z.string().min(1),
  url: z.url().optional(),
});

/**
 * The program profile: every fact that differs between states or programs. The spec's
 * placeholders ({product}, {company}, {phone}) and its section 9 constants live here, so
 * that another state configures its own portal without changing code.
 */
const profileFieldsSchema = z.object({
  productName: localizedTextSchema(200),
  agencyName: localizedTextSchema(200),
  state: z.object({
    code: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter state code'),
    name: localizedTextSchema(100),
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
   * What an applicant's read log (who at the agency opened their file) names as the reader: the
   * unit (the contact unit `unitId`, the first one when unset), or the staff member by name.
   */
  readLog: z
    .object({
      showReader: z.enum(['unit', 'person']).default('unit'),
      unitId: z.string().min(1).optional(),
    })
    .default({ showReader: 'unit' }),
  /**
   * Staff sign-in with a second factor (an authenticator app's code): administrators always
   * need one; service workers when `serviceWorkers` is true.
   */
  staffSecondFactor: z.object({ serviceWorkers: z.boolean() }).default({ serviceWorkers: false }),
  /**
   * How many days what the portal no longer needs is kept before the daily sweep deletes it
   * (ADR 096): a denied or withdrawn application (counted from its decision or withdrawal,
   * with its documents, RFIs and notices), a draft nobody changed (from its last change), and
   * an export (from when it was made). The audit trail is never deleted.
   */
  retention: z
    .object({
      closedApplicationDays: z.number().int().min(1).max(36500).default(1095),
      abandonedDraftDays: z.number().int().min(1).max(36500).default(365),
      exportDays: z.number().int().min(1).max(36500).default(30),
    })
    .default({ closedApplicationDays: 1095, abandonedDraftDays: 365, exportDays: 30 }),
  /**
   * Changes a provider reports on their record (ADR 101): how many days back an effective date
   * may go, and the parts (contact details `providerInfo`, hours `operationHoursInfo`) whose
   * change takes effect without review (still audited, and listed for staff).
   */
  providerChanges: z
    .object({
      pastLimitDays: z.number().int().nonnegative().max(366).default(30),
      applyAtOnce: z.array(z.enum(['providerInfo', 'operationHoursInfo'])).default([]),
    })
    .default({ pastLimitDays: 30, applyAtOnce: [] }),
  /**
   * The program's rules of an application (ADR 108): categories and their capacity limits, the
   * provider types' limits, where the quality rating is asked, and the maximum rates, each with
   * its source. A profile without them checks none of them.
   */
  applicationRules: applicationRulesSchema.optional(),
  /**
   * The program's credentials (ADR 115): its trainings (who needs each, how long it is valid)
   * and the validity of record checks, fingerprinting and the physical examination, each with
   * its source. A profile without them tracks none.
   */
  credentials: credentialRulesSchema.optional(),
  /**
   * How long an approval lasts, in months from the approval day, per provider type (ADR 107): a
   * registered child development home registers again every 24 months; the non-registered
   * agreements last what the program sets.
   */
  approvalMonths: z
    .object({
      registeredprovider: z.number().int().min(1).max(120).default(24),
      unregisteredprovider: z.number().int().min(1).max(120).default(12),
    })
    .default({ registeredprovider: 24, unregisteredprovider: 12 }),
  /** The documents an application needs, by provider type and answers; computed at submission. */
  requiredDocuments: documentRulesSchema,
  /**
   * The product and agency names in other languages, the way profiles gave them before every
   * text became a map from language to text: still read, and merged into those maps (a name
   * the map itself gives wins).
   */
  localizedNames: z
    .record(
      z.string().min(2).max(5),
      z.object({ productName: z.string().min(1).optional(), agencyName: z.string().min(1).optional() }),
    )
    .optional(),
});

/**
 * Every text of the profile (names, descriptions, contact hours, forms and rules) is a map
 * from locale code to text, English required (see localized-text.ts); a plain string is read
 * as English, so a profile written before still loads.
 */
export const programProfileSchema = profileFieldsSchema
  .refine(
    (profile) =>
      profile.readLog.unitId === undefined || profile.contactUnits.some((unit) => unit.id === profile.readLog.unitId),
    { message: 'must name one of contactUnits', path: ['readLog', 'unitId'] },
  )
  .refine(
    (profile) =>
      (profile.applicationRules?.rates?.tables ?? []).every((table) =>
        (table.categoryCodes ?? []).every((code) =>
          profile.applicationRules!.categories.some((category) => category.code === code),
        ),
      ),
    { message: 'a rate table names a category the rules do not list', path: ['applicationRules', 'rates', 'tables'] },
  )
  .transform(({ localizedNames = {}, ...profile }) => {
    const merged = (field: 'productName' | 'agencyName') => ({
      ...Object.fromEntries(
        Object.entries(localizedNames).flatMap(([code, names]) => (names[field] ? [[code, names[field]]] : [])),
      ),
      ...profile[field],
    });
    return { ...profile, productName: merged('productName'), agencyName: merged('agencyName') };
  });
export type ProgramProfile = z.infer<typeof programProfileSchema>;
/** A profile as written in its file (strings allowed where texts are maps). */
export type ProgramProfileInput = z.input<typeof programProfileSchema>;

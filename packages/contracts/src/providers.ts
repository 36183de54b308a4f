import { z } from 'zod';
import { OPENING_AGE_GROUPS, PROVIDER_SEARCH_LIMITS, ZIP_CODE_PATTERN } from './provider-search-constants';

const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string().trim().max(max).nullish(),
  );
// Lookup ids are PostgreSQL integers: a larger number is no id, refused here rather than by the
// database (the route fuzzer's providerTypeId 9007199254740991 answered 500 on PostgreSQL).
const optionalId = z.number().int().positive().max(PROVIDER_SEARCH_LIMITS.lookupIdMax).nullish();
const optionalFlag = z.boolean().nullish();

/**
 * POST /api/Providers: the spec's search criteria (section 3). The last seven start null and
 * filter only when set. `latitude`/`longitude` carry the browser's location ("Use my location").
 */
export const providerSearchCriteriaSchema = z
  .object({
    /**
     * The search page's one box: a ZIP code or an address (anything with a digit) is a place to
     * search near, a city of the program's state is that city, any other text a business name.
     * A criterion of its own set besides it (a business name, an address or a city) wins.
     */
    searchText: optionalText(PROVIDER_SEARCH_LIMITS.textMax.searchText),
    providerBusinessName: optionalText(PROVIDER_SEARCH_LIMITS.textMax.providerBusinessName),
    firstName: optionalText(PROVIDER_SEARCH_LIMITS.textMax.firstName),
    lastName: optionalText(PROVIDER_SEARCH_LIMITS.textMax.lastName),
    countyId: optionalId,
    city: optionalText(PROVIDER_SEARCH_LIMITS.textMax.city),
    zipCode: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      z.string().trim().regex(ZIP_CODE_PATTERN, 'must be a 5-digit ZIP code').nullish(),
    ),
    nearThisAddress: optionalText(PROVIDER_SEARCH_LIMITS.textMax.nearThisAddress),
    /** A city of the program's state: its id is its lowest ZIP code (GET /api/Providers/cities). */
    nearThisCityId: optionalId,
    latitude: z.number().min(-90).max(90).nullish(),
    longitude: z.number().min(-180).max(180).nullish(),
    /** Miles from the location; absent, the program profile's `search.defaultDistanceMiles`. */
    distance: z.number().positive().max(PROVIDER_SEARCH_LIMITS.distanceMax).optional(),
    /**
     * A ProviderType lookup id; null searches every type; absent, the program profile's
     * `search.defaultProviderTypeId`.
     */
    providerTypeId: optionalId,
    /** IsCCA equality; null accepts both. */
    acceptsCcaChildren: optionalFlag.default(true),
    acceptsChildrenWithSpecialNeeds: optionalFlag,
    providesWeekendCare: optionalFlag,
    providesEveningOvernightCare: optionalFlag,
    providesTransportation: optionalFlag,
    /** A Language lookup id. */
    languageId: optionalId,
    /** At least this quality rating (1 to 5 stars). */
    qualityRating: z
      .number()
      .int()
      .min(PROVIDER_SEARCH_LIMITS.qualityRating.min)
      .max(PROVIDER_SEARCH_LIMITS.qualityRating.max)
      .nullish(),
    /** Only providers with openings for this age group, updated within OPENINGS_STALE_AFTER_DAYS days. */
    openingsFor: z.enum(OPENING_AGE_GROUPS).nullish(),
    /**
     * How many results of the same search to pass over (the cloud index's `skip`): the next
     * page starts at the number already shown. The order is stable, so pages never overlap.
     */
    skip: z.number().int().min(0).max(PROVIDER_SEARCH_LIMITS.skipMax).optional(),
  })
  .superRefine((criteria, ctx) => {
    if ((criteria.latitude == null) !== (criteria.longitude == null)) {
      ctx.addIssue({
        code: 'custom',
        path: [criteria.latitude == null ? 'latitude' : 'longitude'],
        message: 'latitude and longitude go together',
      });
    }
  });
export type ProviderSearchCriteria = z.input<typeof providerSearchCriteriaSchema>;
export type ParsedProviderSearchCriteria = z.output<typeof providerSearchCriteriaSchema>;

export const providerDayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM');

export const providerOperationHoursSchema = z.object({
  DayName: z.enum(providerDayNames),
  starttime: time,
  endtime: time,
});
export type ProviderOperationHours = z.infer<typeof providerOperationHoursSchema>;

/** The spec's provider record from search (section 3), plus what the detail and the filters show. */
export const providerRecordSchema = z.object({
  Id: z.number().int(),
  BusinessName: z.string(),
  LicenseNumber: z.string(),
  ProviderTypeID: z.number().int().nullable(),
  IsCCA: z.boolean(),
  Capacity: z.number().int(),
  Addresses: z.array(z.object({ Address1: z.string(), City: z.string(), Zip: z.string() })),
  OperationHours: z.array(providerOperationHoursSchema),
  /** GeoJSON order: [longitude, latitude]. */
  Location: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  Contacts: z.array(z.object({ Phone: z.string() })),
  County: z.string().nullable(),
  Languages: z.array(z.string()),
  QualityRating: z.number().int().nullable(),
  AcceptsChildrenWithSpecialNeeds: z.boolean(),
  ProvidesWeekendCare: z.boolean(),
  ProvidesEveningOvernightCare: z.boolean(),
  ProvidesTransportation: z.boolean(),
  /** Miles from the search location; null when the search had none. */
  Distance: z.number().nullable(),
  /** Generated demonstration data, not a real provider. */
  IsDemonstration: z.boolean(),
  /** The provider's openings by age group (an approved provider keeps them), with the day saved. */
  Openings: z.array(
    z.object({
      AgeGroup: z.enum(OPENING_AGE_GROUPS),
      Count: z.number().int(),
      UpdatedOn: z.string(),
      /** Saved more than OPENINGS_STALE_AFTER_DAYS days ago: "not updated recently". */
      NotUpdatedRecently: z.boolean(),
    }),
  ),
});
export type ProviderRecord = z.infer<typeof providerRecordSchema>;

export const providerSearchResponseSchema = z.object({
  /** How many providers match the search in all (the cloud index's `count`), not how many are in `value`. */
  count: z.number().int(),
  value: z.array(providerRecordSchema),
  /** Where distances were measured from, when the search had a location. */
  origin: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
});
export type ProviderSearchResponse = z.infer<typeof providerSearchResponseSchema>;

/** GET /api/Providers/cities: the program state's cities for "near this city". */
export const providerCitySchema = z.object({ id: z.number().int(), name: z.string() });
export const providerCitiesResponseSchema = z.object({ value: z.array(providerCitySchema) });
export type ProviderCity = z.infer<typeof providerCitySchema>;

/** GET /api/Providers/settings: what the page needs from configuration. */
export const providerSearchSettingsSchema = z.object({
  tileUrl: z.string().nullable(),
  tileAttribution: z.string(),
  hasDemonstrationData: z.boolean(),
});
export type ProviderSearchSettings = z.infer<typeof providerSearchSettingsSchema>;

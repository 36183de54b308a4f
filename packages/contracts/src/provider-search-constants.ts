// No zod here: the web's provider search reads these without loading the schemas (ADR 042).

/**
 * The limits of the search criteria (providers.ts's schema), here so the web's search page can
 * check a link's criteria as the API will without loading zod (ADR 042). The program's own
 * search settings (page size, default distance and provider type, map zoom, development
 * location) are no constants: they come from the program profile's `search`.
 */
export const PROVIDER_SEARCH_LIMITS = {
  /** The longest text each text criterion takes, once trimmed. */
  textMax: {
    searchText: 300,
    providerBusinessName: 200,
    firstName: 100,
    lastName: 100,
    city: 100,
    nearThisAddress: 300,
  },
  /** Lookup ids are PostgreSQL integers: a larger number is no id. */
  lookupIdMax: 2_147_483_647,
  qualityRating: { min: 1, max: 5 },
  /** The farthest distance a search takes, in miles (and more than 0). */
  distanceMax: 100,
  /** The most results a search passes over to reach a page (`skip`): far past any reader. */
  skipMax: 10_000,
} as const;

/** A ZIP code as the search takes it: five digits, or ZIP+4. */
export const ZIP_CODE_PATTERN = /^\d{5}(-\d{4})?$/;

/** Why a location-based search found no place: the reason the page shows after 'Error geocoding address:'. */
export const ADDRESS_NOT_FOUND = 'Address not found';
export const addressNotFoundProblemType = 'urn:ccap:problem:address-not-found';

/**
 * The age groups a provider keeps openings for: the program's AgeGroup lookup codes
 * (`ageGroupCodes`; a contract test holds the two equal), here without zod for the search page.
 */
export const OPENING_AGE_GROUPS = ['infant-toddler', 'preschool', 'school-age'] as const;

/** Openings saved longer ago than this are "not updated recently", and no filter matches them. */
export const OPENINGS_STALE_AFTER_DAYS = 60;

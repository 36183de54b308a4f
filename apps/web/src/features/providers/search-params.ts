import {
  OPENING_AGE_GROUPS,
  type OpeningAgeGroup,
  type ProgramProfile,
  PROVIDER_SEARCH_LIMITS,
  type ProviderSearchCriteria,
  ZIP_CODE_PATTERN,
} from '@ccap/contracts';

/**
 * What a search starts from: the program profile's distance and provider type (DESIGN.md
 * section 7), passed in rather than read here, so these stay pure functions of their arguments.
 */
export type SearchDefaults = Pick<ProgramProfile['search'], 'defaultDistanceMiles' | 'defaultProviderTypeId'>;

/**
 * The search lives in the URL (shareable, and the back button works): short parameter names
 * for each criterion. A URL without `search` has no search yet; one without `distance` or
 * `type` has the profile's defaults.
 */
const TEXT = [
  ['searchText', 'q'],
  ['providerBusinessName', 'name'],
  ['firstName', 'first'],
  ['lastName', 'last'],
  ['city', 'city'],
  ['zipCode', 'zip'],
  ['nearThisAddress', 'address'],
] as const;
const NUMBER = [
  ['countyId', 'county'],
  ['nearThisCityId', 'nearCity'],
  ['languageId', 'lang'],
  ['qualityRating', 'rating'],
  ['latitude', 'lat'],
  ['longitude', 'lon'],
] as const;
const FLAG = [
  ['acceptsChildrenWithSpecialNeeds', 'specialNeeds'],
  ['providesWeekendCare', 'weekend'],
  ['providesEveningOvernightCare', 'evening'],
  ['providesTransportation', 'transport'],
] as const;

type FieldOf<List extends readonly (readonly [string, string])[]> = List[number][0];

export type SearchForm = Record<FieldOf<typeof TEXT> | FieldOf<typeof NUMBER>, string> &
  Record<FieldOf<typeof FLAG>, boolean> & {
    distance: string;
    providerTypeId: string;
    acceptsCcaChildren: boolean;
    /** An age group to have openings for (ADR 102); empty for no such filter. */
    openingsFor: string;
  };

export const emptyForm = (defaults: SearchDefaults): SearchForm => ({
  searchText: '',
  providerBusinessName: '',
  firstName: '',
  lastName: '',
  city: '',
  zipCode: '',
  nearThisAddress: '',
  countyId: '',
  nearThisCityId: '',
  languageId: '',
  qualityRating: '',
  latitude: '',
  longitude: '',
  acceptsChildrenWithSpecialNeeds: false,
  providesWeekendCare: false,
  providesEveningOvernightCare: false,
  providesTransportation: false,
  distance: String(defaults.defaultDistanceMiles),
  providerTypeId: String(defaults.defaultProviderTypeId),
  acceptsCcaChildren: true,
  openingsFor: '',
});

export function formFromParams(params: URLSearchParams, defaults: SearchDefaults): SearchForm {
  const form = emptyForm(defaults);
  for (const [field, name] of [...TEXT, ...NUMBER]) form[field] = params.get(name) ?? '';
  for (const [field, name] of FLAG) form[field] = params.get(name) === '1';
  form.distance = params.get('distance') ?? form.distance;
  form.providerTypeId = params.get('type') ?? form.providerTypeId;
  form.acceptsCcaChildren = params.get('cca') !== '0';
  form.openingsFor = params.get('openings') ?? '';
  return form;
}

export function paramsFromForm(form: SearchForm, defaults: SearchDefaults): URLSearchParams {
  const params = new URLSearchParams({ search: '1' });
  for (const [field, name] of [...TEXT, ...NUMBER]) {
    const value = form[field].trim();
    if (value) params.set(name, value);
  }
  for (const [field, name] of FLAG) if (form[field]) params.set(name, '1');
  if (form.distance !== String(defaults.defaultDistanceMiles)) params.set('distance', form.distance);
  if (form.providerTypeId !== String(defaults.defaultProviderTypeId)) params.set('type', form.providerTypeId);
  if (!form.acceptsCcaChildren) params.set('cca', '0');
  if (form.openingsFor !== '') params.set('openings', form.openingsFor);
  return params;
}

const isOpeningAgeGroup = (value: string): value is OpeningAgeGroup =>
  (OPENING_AGE_GROUPS as readonly string[]).includes(value);

// Text that is no number stays NaN: searchErrors refuses it, as the API's schema would.
const toNumber = (value: string) => (value.trim() === '' ? null : Number(value));

/**
 * The API criteria of the URL's search, or undefined when the URL holds none. They are sent
 * only when searchErrors finds nothing in the URL's form.
 */
export function criteriaFromParams(
  params: URLSearchParams,
  defaults: SearchDefaults,
): ProviderSearchCriteria | undefined {
  return params.get('search') === '1' ? criteriaOf(formFromParams(params, defaults), defaults) : undefined;
}

function criteriaOf(form: SearchForm, defaults: SearchDefaults): ProviderSearchCriteria {
  const criteria: ProviderSearchCriteria = {
    distance: toNumber(form.distance) ?? defaults.defaultDistanceMiles,
    providerTypeId: form.providerTypeId === '' ? null : toNumber(form.providerTypeId),
    acceptsCcaChildren: form.acceptsCcaChildren,
  };
  for (const [field] of TEXT) if (form[field].trim()) criteria[field] = form[field].trim();
  for (const [field] of NUMBER) {
    const value = toNumber(form[field]);
    if (value !== null) criteria[field] = value;
  }
  // Unchecked filters stay null (not applied), as the spec's criteria start.
  for (const [field] of FLAG) if (form[field]) criteria[field] = true;
  if (isOpeningAgeGroup(form.openingsFor)) criteria.openingsFor = form.openingsFor;
  return criteria;
}

/** The distances (miles) the form always offers. */
const DISTANCES = ['1', '2', '5', '10', '15', '25', '50', '100'];

/**
 * The distance choices: the usual ones, the profile's default (a state may choose another), and
 * the form's own when a link holds another the API takes, so the list shows what is searched.
 */
export function distanceChoices(form: SearchForm, defaults: SearchDefaults): string[] {
  const choices = new Set([...DISTANCES, String(defaults.defaultDistanceMiles)]);
  const current = toNumber(form.distance);
  if (current !== null && current > 0 && current <= distanceMax) choices.add(form.distance);
  return [...choices].sort((a, b) => Number(a) - Number(b));
}

/** A form field the API's criteria schema can refuse, and why; the page words each reason. */
export type SearchErrorReason = 'zipCode' | 'tooLong' | 'choice' | 'location';
export type SearchErrors = Partial<Record<keyof SearchForm, SearchErrorReason>>;

const { textMax, lookupIdMax, qualityRating, distanceMax } = PROVIDER_SEARCH_LIMITS;
const inRange = (value: number, min: number, max: number) => Number.isFinite(value) && value >= min && value <= max;
const isLookupId = (value: number) => Number.isInteger(value) && inRange(value, 1, lookupIdMax);

/**
 * What the API's criteria schema (providerSearchCriteriaSchema) would refuse in a search, field
 * by field: the same rules, checked without zod so the page still loads none (ADR 042).
 * search-params.test.ts holds the two in agreement. Typing is checked with it before searching,
 * and so is a link to the page, which can hold anything.
 */
export function searchErrors(form: SearchForm): SearchErrors {
  const errors: SearchErrors = {};
  const zip = form.zipCode.trim();
  if (zip !== '' && !ZIP_CODE_PATTERN.test(zip)) errors.zipCode = 'zipCode';
  for (const [field, max] of Object.entries(textMax) as [keyof typeof textMax, number][])
    if (form[field].trim().length > max) errors[field] = 'tooLong';
  for (const field of ['countyId', 'nearThisCityId', 'languageId', 'providerTypeId'] as const) {
    const value = toNumber(form[field]);
    if (value != null && !isLookupId(value)) errors[field] = 'choice';
  }
  if (form.openingsFor !== '' && !isOpeningAgeGroup(form.openingsFor)) errors.openingsFor = 'choice';
  const rating = toNumber(form.qualityRating);
  if (rating != null && !(Number.isInteger(rating) && inRange(rating, qualityRating.min, qualityRating.max)))
    errors.qualityRating = 'choice';
  // No distance is the profile's, which the API held to these same limits at start-up.
  const distance = toNumber(form.distance);
  if (distance !== null && !(inRange(distance, 0, distanceMax) && distance > 0)) errors.distance = 'choice';
  const latitude = toNumber(form.latitude);
  const longitude = toNumber(form.longitude);
  if (latitude != null && !inRange(latitude, -90, 90)) errors.latitude = 'location';
  if (longitude != null && !inRange(longitude, -180, 180)) errors.longitude = 'location';
  // The two go together: the one missing is the one named, as the schema names it.
  if (latitude == null && longitude != null) errors.latitude = 'location';
  if (longitude == null && latitude != null) errors.longitude = 'location';
  return errors;
}

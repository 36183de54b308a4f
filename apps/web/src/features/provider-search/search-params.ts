import { PROVIDER_SEARCH, type ProviderSearchCriteria } from '@ccap/contracts';

/**
 * The search lives in the URL (shareable, and the back button works): short parameter names
 * for each criterion. A URL without `search` has no search yet.
 */
const TEXT = {
  providerBusinessName: 'name',
  firstName: 'first',
  lastName: 'last',
  city: 'city',
  zipCode: 'zip',
  nearThisAddress: 'address',
} as const;
const NUMBER = {
  countyId: 'county',
  nearThisCityId: 'nearCity',
  languageId: 'lang',
  qualityRating: 'rating',
  latitude: 'lat',
  longitude: 'lon',
} as const;
const FLAG = {
  acceptsChildrenWithSpecialNeeds: 'specialNeeds',
  providesWeekendCare: 'weekend',
  providesEveningOvernightCare: 'evening',
  providesTransportation: 'transport',
} as const;

export type SearchForm = {
  [K in keyof typeof TEXT]: string;
} & { [K in keyof typeof NUMBER]: string } & { [K in keyof typeof FLAG]: boolean } & {
  distance: string;
  providerTypeId: string;
  acceptsCcaChildren: boolean;
};

export const emptyForm = (): SearchForm => ({
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
  distance: String(PROVIDER_SEARCH.defaultDistance),
  providerTypeId: String(PROVIDER_SEARCH.defaultProviderTypeId),
  acceptsCcaChildren: true,
});

export function formFromParams(params: URLSearchParams): SearchForm {
  const form = emptyForm();
  for (const [field, name] of Object.entries({ ...TEXT, ...NUMBER }))
    (form as Record<string, unknown>)[field] = params.get(name) ?? '';
  for (const [field, name] of Object.entries(FLAG)) (form as Record<string, unknown>)[field] = params.get(name) === '1';
  form.distance = params.get('distance') ?? form.distance;
  form.providerTypeId = params.get('type') ?? form.providerTypeId;
  form.acceptsCcaChildren = params.get('cca') !== '0';
  return form;
}

export function paramsFromForm(form: SearchForm): URLSearchParams {
  const params = new URLSearchParams({ search: '1' });
  for (const [field, name] of Object.entries({ ...TEXT, ...NUMBER })) {
    const value = ((form as Record<string, unknown>)[field] as string).trim();
    if (value) params.set(name, value);
  }
  for (const [field, name] of Object.entries(FLAG)) if ((form as Record<string, unknown>)[field]) params.set(name, '1');
  if (form.distance !== String(PROVIDER_SEARCH.defaultDistance)) params.set('distance', form.distance);
  if (form.providerTypeId !== String(PROVIDER_SEARCH.defaultProviderTypeId)) params.set('type', form.providerTypeId);
  if (!form.acceptsCcaChildren) params.set('cca', '0');
  return params;
}

const toNumber = (value: string) => (value.trim() === '' || Number.isNaN(Number(value)) ? null : Number(value));

/** The API criteria of the URL's search, or undefined when the URL holds none. */
export function criteriaFromParams(params: URLSearchParams): ProviderSearchCriteria | undefined {
  if (params.get('search') !== '1') return undefined;
  const form = formFromParams(params);
  const criteria: ProviderSearchCriteria = {
    distance: toNumber(form.distance) ?? PROVIDER_SEARCH.defaultDistance,
    providerTypeId: form.providerTypeId === '' ? null : toNumber(form.providerTypeId),
    acceptsCcaChildren: form.acceptsCcaChildren,
  };
  for (const field of Object.keys(TEXT) as (keyof typeof TEXT)[])
    if (form[field].trim()) criteria[field] = form[field].trim();
  for (const field of Object.keys(NUMBER) as (keyof typeof NUMBER)[]) {
    const value = toNumber(form[field]);
    if (value !== null) criteria[field] = value;
  }
  // Unchecked filters stay null (not applied), as the spec's criteria start.
  for (const field of Object.keys(FLAG) as (keyof typeof FLAG)[]) if (form[field]) criteria[field] = true;
  return criteria;
}

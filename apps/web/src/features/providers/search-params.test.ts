import { providerSearchCriteriaSchema } from '@ccap/contracts';
import { describe, expect, it } from 'vitest';
import { testProfile } from '@/test/handlers';
import {
  criteriaFromParams,
  distanceChoices,
  emptyForm,
  formFromParams,
  paramsFromForm,
  type SearchDefaults,
  searchErrors,
} from './search-params';

/** The shipped profile's defaults (5 miles, type 1), and another state's. */
const shipped: SearchDefaults = testProfile.search;
const other: SearchDefaults = { defaultDistanceMiles: 10, defaultProviderTypeId: 2 };

describe('the search in the URL', () => {
  it('has no search until one is made', () => {
    expect(criteriaFromParams(new URLSearchParams(''), shipped)).toBeUndefined();
  });

  it('keeps only what differs from the defaults, and reads back the same form', () => {
    const form = {
      ...emptyForm(shipped),
      providerBusinessName: ' Sunshyne ',
      zipCode: '50263',
      providesTransportation: true,
      acceptsCcaChildren: false,
      distance: '25',
      providerTypeId: '',
    };
    const params = paramsFromForm(form, shipped);
    expect(params.toString()).toBe('search=1&name=Sunshyne&zip=50263&transport=1&distance=25&type=&cca=0');
    expect(formFromParams(params, shipped)).toEqual({ ...form, providerBusinessName: 'Sunshyne' });
  });

  it("gives the API the profile's defaults, and leaves unchecked filters null", () => {
    expect(criteriaFromParams(new URLSearchParams('search=1&lat=41.5&lon=-93.8&lang=4'), shipped)).toEqual({
      distance: 5,
      providerTypeId: 1,
      acceptsCcaChildren: true,
      latitude: 41.5,
      longitude: -93.8,
      languageId: 4,
    });
    expect(criteriaFromParams(new URLSearchParams('search=1&type=&cca=0'), shipped)).toMatchObject({
      providerTypeId: null,
      acceptsCcaChildren: false,
    });
  });

  it("reads a URL without distance or type as another state's profile defaults", () => {
    expect(emptyForm(other)).toMatchObject({ distance: '10', providerTypeId: '2' });
    expect(criteriaFromParams(new URLSearchParams('search=1&zip=50263'), other)).toEqual({
      zipCode: '50263',
      distance: 10,
      providerTypeId: 2,
      acceptsCcaChildren: true,
    });
    // An empty distance is the default too, as the form leaves none empty.
    expect(criteriaFromParams(new URLSearchParams('search=1&distance='), other)).toMatchObject({ distance: 10 });
    // Its defaults stay out of the URL; the shipped ones, no longer the defaults, go in.
    expect(paramsFromForm(emptyForm(other), other).toString()).toBe('search=1');
    expect(paramsFromForm(emptyForm(shipped), other).toString()).toBe('search=1&distance=5&type=1');
    expect(criteriaFromParams(paramsFromForm(emptyForm(shipped), other), other)).toMatchObject({
      distance: 5,
      providerTypeId: 1,
    });
  });

  it("offers the profile's distance, and a link's, among the usual ones", () => {
    const usual = ['1', '2', '5', '10', '15', '25', '50', '100'];
    expect(distanceChoices(emptyForm(shipped), shipped)).toEqual(usual);
    const three = { ...other, defaultDistanceMiles: 3 };
    expect(distanceChoices(emptyForm(three), three)).toEqual(['1', '2', '3', '5', '10', '15', '25', '50', '100']);
    expect(distanceChoices({ ...emptyForm(shipped), distance: '7.5' }, shipped)).toContain('7.5');
    // What the API would refuse is no choice (the field shows it beside its error instead).
    expect(distanceChoices({ ...emptyForm(shipped), distance: '101' }, shipped)).toEqual(usual);
  });
});

describe("a search's errors", () => {
  const long = (length: number) => 'x'.repeat(length);
  // Zod stays out of the search page (ADR 042), so searchErrors restates the API's schema: the
  // fields it refuses must be exactly those the schema refuses, whatever a link holds.
  it.each([
    '',
    'zip=50263',
    'zip=50263-1234',
    'zip=%2050263%20',
    'zip=abc',
    'zip=5026',
    `name=${long(200)}`,
    `name=${long(201)}`,
    `first=${long(101)}`,
    `last=${long(101)}`,
    `city=${long(100)}`,
    `city=${long(101)}`,
    `address=${long(300)}`,
    `address=${long(301)}`,
    'county=3',
    'county=abc',
    'county=0',
    'county=-2',
    'county=1.5',
    'county=2147483647',
    'county=2147483648',
    'nearCity=50263',
    'nearCity=Ames',
    'lang=4',
    'lang=1e3',
    'lang=Infinity',
    'rating=5',
    'rating=6',
    'rating=0',
    'rating=2.5',
    'distance=',
    'distance=100',
    'distance=101',
    'distance=0',
    'distance=0.5',
    'distance=abc',
    'type=',
    'type=2',
    'type=abc',
    'lat=41.5&lon=-93.8',
    'lat=91&lon=0',
    'lat=0&lon=181',
    'lat=abc&lon=1',
    'lat=41.5',
    'lon=-93.8',
    'lat=Infinity&lon=0',
    'lat=100',
    'zip=abc&county=abc&distance=500&rating=9',
  ])('refuses what the API refuses: %s', (query) => {
    const params = new URLSearchParams(`search=1&${query}`);
    const parsed = providerSearchCriteriaSchema.safeParse(criteriaFromParams(params, shipped));
    const refusedByApi = parsed.success ? [] : [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))];
    expect(Object.keys(searchErrors(formFromParams(params, shipped))).sort()).toEqual(refusedByApi.sort());
  });

  it('says why, field by field', () => {
    const form = formFromParams(new URLSearchParams(`search=1&zip=abc&name=${long(201)}&county=x&lat=41.5`), shipped);
    expect(searchErrors(form)).toEqual({
      zipCode: 'zipCode',
      providerBusinessName: 'tooLong',
      countyId: 'choice',
      longitude: 'location',
    });
  });
});

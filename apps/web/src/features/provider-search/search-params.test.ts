import { providerSearchCriteriaSchema } from '@ccap/contracts';
import { describe, expect, it } from 'vitest';
import { criteriaFromParams, emptyForm, formFromParams, paramsFromForm, searchErrors } from './search-params';

describe('the search in the URL', () => {
  it('has no search until one is made', () => {
    expect(criteriaFromParams(new URLSearchParams(''))).toBeUndefined();
  });

  it('keeps only what differs from the defaults, and reads back the same form', () => {
    const form = {
      ...emptyForm(),
      providerBusinessName: ' Sunshyne ',
      zipCode: '50263',
      providesTransportation: true,
      acceptsCcaChildren: false,
      distance: '25',
      providerTypeId: '',
    };
    const params = paramsFromForm(form);
    expect(params.toString()).toBe('search=1&name=Sunshyne&zip=50263&transport=1&distance=25&type=&cca=0');
    expect(formFromParams(params)).toEqual({ ...form, providerBusinessName: 'Sunshyne' });
  });

  it('gives the API the spec defaults, and leaves unchecked filters null', () => {
    expect(criteriaFromParams(new URLSearchParams('search=1&lat=41.5&lon=-93.8&lang=4'))).toEqual({
      distance: 5,
      providerTypeId: 1,
      acceptsCcaChildren: true,
      latitude: 41.5,
      longitude: -93.8,
      languageId: 4,
    });
    expect(criteriaFromParams(new URLSearchParams('search=1&type=&cca=0'))).toMatchObject({
      providerTypeId: null,
      acceptsCcaChildren: false,
    });
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
    const parsed = providerSearchCriteriaSchema.safeParse(criteriaFromParams(params));
    const refusedByApi = parsed.success ? [] : [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))];
    expect(Object.keys(searchErrors(formFromParams(params))).sort()).toEqual(refusedByApi.sort());
  });

  it('says why, field by field', () => {
    const form = formFromParams(new URLSearchParams(`search=1&zip=abc&name=${long(201)}&county=x&lat=41.5`));
    expect(searchErrors(form)).toEqual({
      zipCode: 'zipCode',
      providerBusinessName: 'tooLong',
      countyId: 'choice',
      longitude: 'location',
    });
  });
});

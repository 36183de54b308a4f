import { describe, expect, it } from 'vitest';
import { criteriaFromParams, emptyForm, formFromParams, paramsFromForm } from './search-params';

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

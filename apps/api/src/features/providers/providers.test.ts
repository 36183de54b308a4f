import { addressNotFoundProblemType, type ProviderSearchResponse } from '@ccap/contracts';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import type { ProviderInput } from './providers.repository';

let ctx: TestContext;
let lookupIds: Record<string, number>;

const DES_MOINES = { latitude: 41.5887, longitude: -93.6212 };

function provider(overrides: Partial<ProviderInput> & Pick<ProviderInput, 'licenseNumber' | 'businessName'>) {
  return {
    ownerFirstName: 'Pat',
    ownerLastName: 'Doe',
    providerTypeId: 1,
    isCca: true,
    capacity: 8,
    address1: '1 Main St',
    city: 'Des Moines',
    zip: '50309',
    county: 'Polk',
    phone: '515-555-0100',
    operationHours: [{ DayName: 'Monday' as const, starttime: '07:00', endtime: '17:30' }],
    ...DES_MOINES,
    languages: ['en'],
    qualityRating: null,
    acceptsSpecialNeeds: false,
    weekendCare: false,
    eveningOvernightCare: false,
    transportation: false,
    source: 'import' as const,
    ...overrides,
  } satisfies ProviderInput;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const lookups = await ctx.app.repositories.lookups.list();
  lookupIds = Object.fromEntries(lookups.map((item) => [`${item.lookupType}:${item.code}`, item.lookupId]));
  await ctx.app.repositories.providers.upsert([
    provider({
      licenseNumber: 'L-1',
      businessName: 'Sunshine Acorns Child Care',
      ownerFirstName: 'José',
      ownerLastName: 'Núñez',
      languages: ['en', 'es'],
      qualityRating: 4,
      acceptsSpecialNeeds: true,
    }),
    provider({
      licenseNumber: 'L-2',
      businessName: 'Little Sprouts Daycare',
      ownerFirstName: 'Mary',
      ownerLastName: 'Smith',
      city: 'Ames',
      zip: '50010',
      county: 'Story',
      latitude: 42.0347,
      longitude: -93.62,
      weekendCare: true,
    }),
    provider({
      licenseNumber: 'L-3',
      businessName: 'Prairie Nest Early Learning',
      ownerFirstName: 'Amy',
      ownerLastName: 'Olson',
      city: 'West Des Moines',
      zip: '50265',
      latitude: 41.5772,
      longitude: -93.7453,
      eveningOvernightCare: true,
      transportation: true,
      qualityRating: 2,
    }),
    provider({
      licenseNumber: 'L-4',
      businessName: 'Happy Hearts Playhouse',
      zip: '50310',
      latitude: 41.62,
      longitude: -93.67,
      isCca: false,
    }),
    provider({ licenseNumber: 'L-5', businessName: 'Cedar Kids In-Home Care', providerTypeId: 3 }),
    // Sixty more in one ZIP: more than a page.
    ...Array.from({ length: 60 }, (_, i) =>
      provider({
        licenseNumber: `BULK-${i}`,
        businessName: `Bulk Provider ${i}`,
        zip: '50317',
        latitude: 41.61 + i * 0.001,
        longitude: -93.55,
      }),
    ),
  ]);
});
afterAll(async () => {
  await ctx.close();
});

const search = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/Providers', payload });
const names = (response: { json: () => ProviderSearchResponse; body: string }) => {
  if (!response.json().value) throw new Error(response.body);
  return response.json().value.map((p) => p.BusinessName);
};

describe('POST /api/Providers criteria', () => {
  it.each([
    [{ distance: -1 }, 'distance'],
    [{ distance: 500 }, 'distance'],
    [{ zipCode: 'abcde' }, 'zipCode'],
    [{ qualityRating: 9 }, 'qualityRating'],
    [{ providerTypeId: 'one' }, 'providerTypeId'],
    // Found by the route fuzzer on PostgreSQL: an id past the database's integers answered 500.
    [{ providerTypeId: Number.MAX_SAFE_INTEGER }, 'providerTypeId'],
    [{ countyId: 2_147_483_648 }, 'countyId'],
    [{ languageId: 2_147_483_648 }, 'languageId'],
    [{ latitude: 41.5 }, 'longitude'],
    [{ acceptsCcaChildren: 'yes' }, 'acceptsCcaChildren'],
  ])('answers 400 with a field error for %j', async (payload, field) => {
    const response = await search(payload);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toContain(field);
  });

  it('answers 400 for a city id that is not a city of the program', async () => {
    const response = await search({ nearThisCityId: 99999 });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: { path: string }[] }>().errors[0]?.path).toBe('nearThisCityId');
  });
});

describe('POST /api/Providers search', () => {
  it('finds a business name with a typo, and ignores accents in owner names', async () => {
    expect(names(await search({ providerBusinessName: 'Sunshyne Acorns' }))).toEqual(['Sunshine Acorns Child Care']);
    expect(names(await search({ firstName: 'jose', lastName: 'Nunez' }))).toEqual(['Sunshine Acorns Child Care']);
    expect(names(await search({ lastName: 'Olsen' }))).toEqual(['Prairie Nest Early Learning']);
  });

  it('reads a name field of punctuation alone as no name (found by the route fuzzer: it answered 500)', async () => {
    for (const payload of [
      { firstName: '\\' },
      { lastName: '-', city: 'west des moines' },
      { providerBusinessName: '!!', firstName: '—' },
    ]) {
      const response = await search(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(200);
    }
    expect(names(await search({ lastName: '-', city: 'west des moines' }))).toEqual(['Prairie Nest Early Learning']);
  });

  it('matches the ZIP code and the city of the address', async () => {
    expect(names(await search({ zipCode: '50010' }))).toEqual(['Little Sprouts Daycare']);
    expect(names(await search({ city: 'west des moines' }))).toEqual(['Prairie Nest Early Learning']);
    // Spec section 7: addresses are matched on the ZIP code or the city, so both typed find either.
    expect(names(await search({ city: 'west des moines', zipCode: '50010' })).sort()).toEqual([
      'Little Sprouts Daycare',
      'Prairie Nest Early Learning',
    ]);
  });

  it('measures from an address, nearest first, within the distance, each with its miles', async () => {
    const response = await search({ nearThisAddress: '400 Locust St, Des Moines, IA 50309', distance: 10 });
    expect(response.statusCode).toBe(200);
    const body = response.json<ProviderSearchResponse>();
    const distances = body.value.map((p) => p.Distance!);
    expect(distances[0]).toBe(0);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(10);
    expect(body.value.map((p) => p.BusinessName)).not.toContain('Little Sprouts Daycare'); // Ames, 31 miles
    const filtered = await search({
      nearThisAddress: 'Des Moines, IA 50309',
      distance: 10,
      providesTransportation: true,
    });
    const westDesMoines = filtered.json<ProviderSearchResponse>().value[0]!;
    expect(westDesMoines.LicenseNumber).toBe('L-3');
    expect(westDesMoines.Distance).toBeGreaterThan(6);
    expect(westDesMoines.Distance).toBeLessThan(7);
    expect(body.origin).toEqual({ latitude: 41.5887, longitude: -93.6212 });
  });

  it('measures from a city of the program and from the browser location', async () => {
    const cities = (await ctx.app.inject({ method: 'GET', url: '/api/Providers/cities' })).json<{
      value: { id: number; name: string }[];
    }>().value;
    const ames = cities.find((city) => city.name === 'Ames')!;
    expect(ames.id).toBe(50010);
    expect(names(await search({ nearThisCityId: ames.id, distance: 5 }))).toEqual(['Little Sprouts Daycare']);
    const near = await search({ latitude: 42.03, longitude: -93.62, distance: 1 });
    expect(names(near)).toEqual(['Little Sprouts Daycare']);
    expect(near.json<ProviderSearchResponse>().value[0]!.Distance).toBeLessThan(1);
  });

  it("answers 'Address not found' when the address gives no place", async () => {
    const response = await search({ nearThisAddress: 'Nowhere at all' });
    expect(response.statusCode).toBe(422);
    const problem = response.json<{ type: string; detail: string }>();
    expect(problem.type).toBe(addressNotFoundProblemType);
    expect(problem.detail).toBe('Address not found');
  });

  it('nearest first across more than a page: exactly the 50 nearest, and the number matching in all', async () => {
    const origin = { latitude: 41.61, longitude: -93.55 };
    const body = (await search({ ...origin, distance: 25 })).json<ProviderSearchResponse>();
    // The 60 bulk providers, Sunshine Acorns (4 miles) and Prairie Nest (10 miles): not the
    // page's 50. Happy Hearts takes no CCA children, Cedar Kids is another type, Ames is 29 miles.
    expect(body.count).toBe(62);
    expect(body.value).toHaveLength(50);
    const bulk = body.value.filter((p) => p.LicenseNumber.startsWith('BULK-'));
    // The 50 bulk providers nearest the origin are BULK-0 … BULK-49 (north in 0.001° steps).
    expect(bulk.map((p) => p.LicenseNumber)).toEqual(Array.from({ length: 50 }, (_, i) => `BULK-${i}`));
  });

  it('returns at most 50 without a location too, and the next page after them', async () => {
    const body = (await search({ zipCode: '50317' })).json<ProviderSearchResponse>();
    expect(body.value).toHaveLength(50);
    expect(body.count).toBe(60);
    const next = (await search({ zipCode: '50317', skip: 50 })).json<ProviderSearchResponse>();
    expect(next.count).toBe(60);
    expect(next.value).toHaveLength(10);
    const ids = [...body.value, ...next.value].map((p) => p.LicenseNumber);
    expect(new Set(ids).size).toBe(60);
    expect(body.value.every((p) => p.Distance === null)).toBe(true);
  });

  it('applies provider type, IsCCA and each of the seven filters', async () => {
    const near = { ...DES_MOINES, distance: 20 };
    expect(names(await search({ ...near, providerTypeId: 3 }))).toEqual(['Cedar Kids In-Home Care']);
    expect(names(await search({ zipCode: '50310' }))).toEqual([]);
    expect(names(await search({ zipCode: '50310', acceptsCcaChildren: false }))).toEqual(['Happy Hearts Playhouse']);
    expect(names(await search({ zipCode: '50310', acceptsCcaChildren: null }))).toEqual(['Happy Hearts Playhouse']);
    expect(names(await search({ ...near, acceptsChildrenWithSpecialNeeds: true }))).toEqual([
      'Sunshine Acorns Child Care',
    ]);
    expect(names(await search({ city: 'Ames', providesWeekendCare: true }))).toEqual(['Little Sprouts Daycare']);
    expect(names(await search({ city: 'Ames', providesWeekendCare: false }))).toEqual([]);
    expect(names(await search({ ...near, providesEveningOvernightCare: true }))).toEqual([
      'Prairie Nest Early Learning',
    ]);
    expect(names(await search({ ...near, providesTransportation: true }))).toEqual(['Prairie Nest Early Learning']);
    expect(names(await search({ ...near, languageId: lookupIds['Language:es'] }))).toEqual([
      'Sunshine Acorns Child Care',
    ]);
    expect(names(await search({ ...near, qualityRating: 3 }))).toEqual(['Sunshine Acorns Child Care']);
    expect(names(await search({ ...near, qualityRating: 2 }))).toEqual([
      'Sunshine Acorns Child Care',
      'Prairie Nest Early Learning',
    ]);
    expect(names(await search({ countyId: lookupIds['County:Story'] }))).toEqual(['Little Sprouts Daycare']);
  });

  it('answers the spec record shape', async () => {
    const [record] = (await search({ zipCode: '50010' })).json<ProviderSearchResponse>().value;
    expect(record).toMatchObject({
      BusinessName: 'Little Sprouts Daycare',
      LicenseNumber: 'L-2',
      ProviderTypeID: 1,
      IsCCA: true,
      Capacity: 8,
      Addresses: [{ Address1: '1 Main St', City: 'Ames', Zip: '50010' }],
      OperationHours: [{ DayName: 'Monday', starttime: '07:00', endtime: '17:30' }],
      Location: { type: 'Point', coordinates: [-93.62, 42.0347] },
      Contacts: [{ Phone: '515-555-0100' }],
      IsDemonstration: false,
    });
  });

  it('sends a page of providers and the cities compressed to a browser, the same JSON once decompressed', async () => {
    const criteria = { zipCode: '50317' };
    const plain = await search(criteria);
    const compressed = await ctx.app.inject({
      method: 'POST',
      url: '/api/Providers',
      payload: criteria,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toBe('accept-encoding');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(zlib.brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());

    const cities = await ctx.app.inject({
      method: 'GET',
      url: '/api/Providers/cities',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(cities.headers['content-encoding']).toBe('gzip');
    expect(cities.headers['cache-control']).toBe('public, max-age=3600');
    const { value } = JSON.parse(zlib.gunzipSync(cities.rawPayload).toString()) as {
      value: { id: number; name: string }[];
    };
    expect(value).toContainEqual({ id: 50010, name: 'Ames' });
  });

  it('serves the map settings without demonstration data here', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/Providers/settings' });
    expect(response.json()).toMatchObject({ hasDemonstrationData: false });
  });
});

// DESIGN.md section 7: another state sets its own search in its profile, without code changes.
describe("POST /api/Providers with another state's search settings", () => {
  let other: TestContext;
  const origin = { latitude: 41.61, longitude: -93.55 };
  const searchOther = (payload: Record<string, unknown>) =>
    other.app.inject({ method: 'POST', url: '/api/Providers', payload });

  beforeAll(async () => {
    other = await createTestApp({}, undefined, {
      profile: (shipped) => ({
        ...shipped,
        search: { ...shipped.search, pageSize: 7, defaultDistanceMiles: 2, defaultProviderTypeId: 3 },
      }),
    });
    await other.app.repositories.providers.upsert([
      // Ten of type 3 north of the origin in 0.001° steps (0.07 miles): more than a page.
      ...Array.from({ length: 10 }, (_, i) =>
        provider({
          licenseNumber: `T3-${i}`,
          businessName: `Type Three ${i}`,
          providerTypeId: 3,
          zip: '50317',
          latitude: origin.latitude + i * 0.001,
          longitude: origin.longitude,
        }),
      ),
      provider({ licenseNumber: 'T1-NEAR', businessName: 'Type One Near', weekendCare: true, ...origin }),
      provider({
        licenseNumber: 'T3-FAR',
        businessName: 'Type Three Four Miles',
        providerTypeId: 3,
        weekendCare: true,
        latitude: origin.latitude + 0.058,
        longitude: origin.longitude,
      }),
    ]);
  });
  afterAll(async () => {
    await other.close();
  });

  it("answers at most the profile's page size, with a location and without", async () => {
    const nearest = (await searchOther({ ...origin, distance: 25 })).json<ProviderSearchResponse>();
    expect(nearest.value).toHaveLength(7);
    // Ten of type 3 in a row and the one four miles away.
    expect(nearest.count).toBe(11);
    expect(nearest.value.map((p) => p.LicenseNumber)).toEqual(Array.from({ length: 7 }, (_, i) => `T3-${i}`));
    const byZip = (await searchOther({ zipCode: '50317' })).json<ProviderSearchResponse>();
    expect(byZip.value).toHaveLength(7);
  });

  it("searches the profile's distance and provider type when the criteria leave them out", async () => {
    const names = async (payload: Record<string, unknown>) =>
      (await searchOther(payload)).json<ProviderSearchResponse>().value.map((p) => p.BusinessName);
    // Of the two with weekend care, neither is a type 3 within 2 miles.
    expect(await names({ ...origin, providesWeekendCare: true })).toEqual([]);
    expect(await names({ ...origin, providesWeekendCare: true, distance: 5 })).toEqual(['Type Three Four Miles']);
    expect(await names({ ...origin, providesWeekendCare: true, providerTypeId: null })).toEqual(['Type One Near']);
    expect(await names({ ...origin, providesWeekendCare: true, providerTypeId: 1 })).toEqual(['Type One Near']);
  });
});

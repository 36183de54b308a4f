import type { ProviderSearchResponse } from '@ccap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { generateDemoDirectory } from './demo-directory';
import { seedDemoDirectory } from './demo-seed';
import { gazetteerFor } from './gazetteer';
import type { ProviderInput } from './providers.repository';

/**
 * The search on the demonstration directory a first start seeds (5,000 providers): its totals
 * are checked against a count made here, in JavaScript, from the same generated directory.
 */
const SIZE = 5_000;
let ctx: TestContext;
let directory: ProviderInput[];
let defaultTypeId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  expect(await seedDemoDirectory(ctx.app.repositories, ctx.profile, SIZE)).toBe(SIZE);
  const lookups = await ctx.app.repositories.lookups.list();
  const providerTypeIds = Object.fromEntries(
    lookups.filter((item) => item.lookupType === 'ProviderType').map((item) => [item.code, item.lookupId]),
  );
  directory = [...generateDemoDirectory(gazetteerFor(ctx.profile), { size: SIZE, providerTypeIds })];
  defaultTypeId = ctx.profile.search.defaultProviderTypeId;
}, 240_000);
afterAll(async () => {
  await ctx.close();
});

const search = async (payload: Record<string, unknown>) => {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/Providers', payload });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json<ProviderSearchResponse>();
};

const milesBetween = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) => {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 7917.6 * Math.asin(Math.sqrt(h));
};

describe('the total near ZIP 50309 on the demonstration directory', () => {
  it.each([5, 10, 25])('within %i miles, counts every match, not the page', async (distance) => {
    const body = await search({ nearThisAddress: '50309', distance });
    const origin = body.origin!;
    // The search's defaults: the profile's provider type, and accepting CCA children.
    const expected = directory.filter(
      (p) => p.providerTypeId === defaultTypeId && p.isCca && milesBetween(origin, p) <= distance,
    ).length;
    expect(expected).toBeGreaterThan(ctx.profile.search.pageSize);
    expect(body.count).toBe(expected);
    expect(body.value).toHaveLength(ctx.profile.search.pageSize);
  });

  it('the three radii give three different totals', async () => {
    const totals = await Promise.all(
      [5, 10, 25].map(async (distance) => (await search({ nearThisAddress: '50309', distance })).count),
    );
    expect(new Set(totals).size).toBe(3);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
  });
});

describe('paging', () => {
  it('pages through a search in a stable order, with no provider twice and none left out', async () => {
    const criteria = { nearThisAddress: '50309', distance: 5 };
    const first = await search(criteria);
    const seen: ProviderSearchResponse['value'] = [];
    for (let skip = 0; skip < first.count; skip += ctx.profile.search.pageSize) {
      const page = await search({ ...criteria, skip });
      expect(page.count).toBe(first.count);
      seen.push(...page.value);
    }
    expect(seen).toHaveLength(first.count);
    expect(new Set(seen.map((p) => p.Id)).size).toBe(first.count);
    const distances = seen.map((p) => p.Distance!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // The same page asked again is the same page.
    const again = await search({ ...criteria, skip: ctx.profile.search.pageSize });
    expect(again.value.map((p) => p.Id)).toEqual(seen.slice(50, 100).map((p) => p.Id));
  });

  it('a page past the end is empty and still says the total', async () => {
    const criteria = { nearThisAddress: '50309', distance: 5 };
    const { count } = await search(criteria);
    const past = await search({ ...criteria, skip: count + 10 });
    expect(past.value).toEqual([]);
    expect(past.count).toBe(count);
  });

  it('refuses a negative or enormous skip', async () => {
    for (const skip of [-1, 1.5, 10_001]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/Providers', payload: { skip } });
      expect(response.statusCode, String(skip)).toBe(400);
    }
  });
});

describe('typo tolerance', () => {
  // Each misspelling, the name's words it means (every result holds them all), anywhere in the state.
  it.each([
    ['Birght Treehouse', ['bright', 'treehouse']],
    ['Bright Treehouse', ['bright', 'treehouse']],
    ['Sunshyne Acorns', ['sunshine', 'acorns']],
    ['sunshine acrons', ['sunshine', 'acorns']],
    ['Rainbw Sprouts', ['rainbow', 'sprouts']],
    ['Bumblebe Ladybugs', ['bumblebee', 'ladybugs']],
    ['Golden Ducklngs', ['golden', 'ducklings']],
    ['Mapel Owls', ['maple', 'owls']],
    ['Cardnial', ['cardinal']],
    ['Hernandez Daycare', ['hernández', 'daycare']],
  ])('%s finds the names with %j first, and no weaker ones', async (typed, words) => {
    const body = await search({ providerBusinessName: typed, providerTypeId: null, acceptsCcaChildren: null });
    const expected = directory.filter((p) => {
      const name = p.businessName.toLowerCase().split(/[^\p{L}]+/u);
      return words.every((word) => name.includes(word));
    }).length;
    expect(expected).toBeGreaterThan(0);
    expect(body.value.length).toBeGreaterThan(0);
    for (const provider of body.value) {
      const name = provider.BusinessName.toLowerCase();
      for (const word of words) expect(name, typed).toContain(word);
    }
    expect(body.count).toBe(expected);
  });

  it('takes a word longer than the edit distance allows (255 letters) without failing', async () => {
    for (const payload of [{ searchText: 'x'.repeat(300) }, { providerBusinessName: `${'y'.repeat(200)}` }]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/Providers', payload });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(200);
    }
  });

  it('a word typed in no name at all finds nothing rather than something', async () => {
    const body = await search({ providerBusinessName: 'Xylophone Quartz', providerTypeId: null });
    expect(body.count).toBe(0);
    expect(body.value).toEqual([]);
  });
});

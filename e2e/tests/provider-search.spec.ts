import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { keyboard } from '../support/keyboard';

// The embedded default loads the same generated demonstration directory on every first start,
// so these names and places are stable. The spec's development location is in Clive, Iowa.
const HOME = { latitude: 41.57663, longitude: -93.82942 };

// The results themselves, not the lists inside one (its openings).
const results = (page: Page) => page.getByRole('region', { name: 'Results' }).locator('ol > li');
const box = (page: Page) => page.getByLabel('Name, ZIP code, city or address');
const showing = (page: Page) => page.getByRole('status').filter({ hasText: /^Showing/ });

/** The spec's criteria besides the one box: behind a disclosure. */
async function openFilters(page: Page) {
  const more = page.getByRole('button', { name: 'More search options' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
}

async function search(page: Page, fill: (page: Page) => Promise<void>, { filters = true } = {}) {
  await page.goto('/ProviderSearch');
  if (filters) await openFilters(page);
  await fill(page);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(showing(page)).toBeVisible();
}

/** How many match, as the API counts them. */
async function totalOf(page: Page, criteria: Record<string, unknown>) {
  const response = await page.request.post('/api/Providers', { data: criteria });
  return ((await response.json()) as { count: number }).count;
}

test('the page leads with one box; the other criteria open on demand; no label says required', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/ProviderSearch');
  await expect(page.getByRole('heading', { level: 1, name: 'Provider search' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Demonstration data' })).toBeVisible();
  await expect(box(page)).toBeVisible();
  await expect(page.getByLabel('Distance (in Miles)')).toHaveValue('5');
  await expect(page.getByLabel('Business name')).toBeHidden();
  await openFilters(page);
  // Every criterion of the spec is there, and none is marked required: none is.
  for (const label of [
    'Business name',
    "Owner's first name",
    "Owner's last name",
    'County',
    'City',
    'ZIP code',
    'Near this address',
    'Near this city',
    'Provider type',
    'Language spoken',
    'Quality rating',
    'Accepts Child Care Assistance (CCA) children',
    'Accepts children with special needs',
    'Weekend care',
    'Evening or overnight care',
    'Transportation',
  ])
    await expect(page.getByLabel(label, { exact: true }).first()).toBeVisible();
  await expect(page.locator('label', { hasText: '*' })).toHaveCount(0);
  await expect(page.getByLabel('Accepts Child Care Assistance (CCA) children')).toBeChecked();
  await expect(page.getByRole('region', { name: 'Map of the providers found' })).toBeVisible();
  await expect(page.getByText('The map background is not available here')).toBeVisible();

  // After a search the filters close; the list and the map sit side by side on a wide screen.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByLabel('Business name')).toBeHidden();
  await box(page).fill('50309');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(showing(page)).toBeVisible();
  const list = await page.getByRole('region', { name: 'Results' }).boundingBox();
  const map = await page.getByRole('region', { name: 'Map of the providers found' }).boundingBox();
  expect(Math.abs(list!.y - map!.y)).toBeLessThan(80);
  expect(map!.x).toBeGreaterThan(list!.x + list!.width - 1);
});

test('near ZIP 50309: the total for 5, 10 and 25 miles, and Show more loads the next 50', async ({ page }) => {
  const totals: number[] = [];
  for (const miles of ['5', '10', '25']) {
    const total = await totalOf(page, { nearThisAddress: '50309', distance: Number(miles) });
    totals.push(total);
    await search(
      page,
      async (p) => {
        await box(p).fill('50309');
        await p.getByLabel('Distance (in Miles)').selectOption(miles);
      },
      { filters: false },
    );
    await expect(showing(page)).toHaveText(`Showing 50 of ${total.toLocaleString('en-US')} providers. Nearest first.`);
  }
  expect(new Set(totals).size).toBe(3);

  await expect(results(page)).toHaveCount(50);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(results(page)).toHaveCount(100);
  await expect(showing(page)).toHaveText(
    `Showing 100 of ${totals[2]!.toLocaleString('en-US')} providers. Nearest first.`,
  );
  await expect(page.locator('.provider-marker')).toHaveCount(100);
});

test('a misspelt name finds the provider first, and not every name sharing one word', async ({ page }) => {
  await search(page, (p) => box(p).fill('Birght Treehouse'), { filters: false });
  await expect(results(page).first()).toContainText('Bright Treehouse');
  for (const name of await results(page).getByRole('button').allTextContents()) {
    expect(name).toContain('Bright');
    expect(name).toContain('Treehouse');
  }
  const total = await totalOf(page, { searchText: 'Birght Treehouse' });
  await expect(showing(page)).toHaveText(`Showing ${total} of ${total} ${total === 1 ? 'provider' : 'providers'}.`);
  await expect(page).toHaveURL(/q=Birght\+Treehouse/);
});

test('nothing moves under the reader while the page loads: the demonstration notice comes with the form', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/ProviderSearch');
  await expect(page.getByRole('status').filter({ hasText: 'Demonstration data' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Map of the providers found' })).toBeVisible();
  // Chromium's layout-shift entries, as Lighthouse sums them (shifts right after input excepted).
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
          resolve(entries.filter((entry) => !entry.hadRecentInput).reduce((sum, entry) => sum + entry.value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(0), 1000);
      }),
  );
  expect(shift).toBeLessThan(0.02);
});

test('a business name with a typo finds the provider; the filters close and reopen with it', async ({ page }) => {
  await search(page, (p) => p.getByLabel('Business name').fill('Blu Skye Sprouts'));
  await expect(results(page).first()).toContainText('Blue Sky Sprouts');
  await expect(page.getByLabel('Business name')).toBeHidden();
  await expect(page).toHaveURL(/name=Blu\+Skye\+Sprouts/);
  await openFilters(page);
  await expect(page.getByLabel('Business name')).toHaveValue('Blu Skye Sprouts');
});

test('by ZIP code and by city: the list and the markers agree', async ({ page }) => {
  await search(page, (p) => p.getByLabel('ZIP code', { exact: true }).fill('50263'));
  await expect(results(page)).toHaveCount(3);
  for (const item of await results(page).all()) await expect(item).toContainText('50263');
  await expect(page.locator('.provider-marker')).toHaveCount(3);
  await expect(page.getByRole('button', { name: "1. Barbara's Happy Ducklings" })).toBeVisible();

  await search(page, (p) => p.getByRole('textbox', { name: 'City', exact: true }).fill('Ames'));
  // The demonstration directory's twelve in Ames, and any provider other tests approved there.
  await expect(results(page).nth(11)).toBeVisible();
  for (const item of await results(page).all()) await expect(item).toContainText('Ames');
});

test('near an address: nearest first with distances in miles; an unknown address says why', async ({ page }) => {
  await search(page, (p) => p.getByLabel('Near this address').fill('Waukee, IA'));
  await expect(page.getByText('Nearest first.')).toBeVisible();
  await expect(results(page).first()).toContainText("Barbara's Happy Ducklings");
  await expect(results(page).first()).toContainText('1.19 mi');

  await page.goto('/ProviderSearch');
  await openFilters(page);
  await page.getByLabel('Near this address').fill('Atlantis under the sea');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Error geocoding address: Address not found');
});

test.describe('near the browser location', () => {
  test.use({ geolocation: HOME, permissions: ['geolocation'] });
  test('granted: the search runs around it, nearest first', async ({ page }) => {
    await page.goto('/ProviderSearch');
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(page.getByText('Nearest first.')).toBeVisible();
    await expect(results(page).first()).toContainText("Fatima's Blue Sky Sprouts");
    await expect(results(page).first()).toContainText('1.66 mi');
    await expect(page).toHaveURL(/lat=41\.57663&lon=-93\.82942/);
  });
});

test('denied: the spec message is shown', async ({ page, context }) => {
  await context.clearPermissions();
  await page.goto('/ProviderSearch');
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(page.getByRole('alert')).toHaveText('User denied the request for Geolocation.');
});

const NEAR_WAUKEE = async (page: Page) => {
  await page.getByLabel('Near this address').fill('Waukee, IA');
  await page.getByLabel('Distance (in Miles)').selectOption('25');
};

for (const service of [
  'Accepts children with special needs',
  'Weekend care',
  'Evening or overnight care',
  'Transportation',
]) {
  test(`filter: ${service}`, async ({ page }) => {
    await search(page, async (p) => {
      await NEAR_WAUKEE(p);
      await p.getByLabel(service).check();
    });
    await expect(results(page).first()).toBeVisible();
    const count = Math.min(await results(page).count(), 3);
    for (let i = 0; i < count; i++) {
      await results(page).nth(i).getByRole('button').click();
      await expect(page.locator('section', { has: page.locator('#provider-detail-heading') })).toContainText(service);
    }
  });
}

test('filters: language, quality rating, provider type and not accepting CCA', async ({ page }) => {
  await search(page, async (p) => {
    await NEAR_WAUKEE(p);
    await p.getByLabel('Language spoken').selectOption({ label: 'Spanish' });
    await p.getByLabel('Quality rating').selectOption({ label: 'At least 4 of 5' });
  });
  await results(page).first().getByRole('button').click();
  const detail = page.locator('section', { has: page.locator('#provider-detail-heading') });
  await expect(detail).toContainText('Spanish');
  await expect(detail).toContainText(/[45] of 5/);

  await search(page, async (p) => {
    await NEAR_WAUKEE(p);
    await p.getByLabel('Accepts Child Care Assistance (CCA) children').uncheck();
  });
  for (const item of await results(page).all()) await expect(item).toContainText('Accepts CCA children:No');

  await search(page, async (p) => {
    await NEAR_WAUKEE(p);
    await p.getByLabel('Provider type').selectOption({ index: 2 });
  });
  await expect(page).toHaveURL(/type=3/);
  await expect(results(page).first()).toBeVisible();
});

test('open and clear a detail from the list and from the map; the back button returns to the search', async ({
  page,
}) => {
  await search(page, (p) => p.getByLabel('ZIP code', { exact: true }).fill('50263'));
  await results(page).nth(1).getByRole('button', { name: 'Lewis Early Learning' }).click();
  const heading = page.getByRole('heading', { level: 2, name: 'Lewis Early Learning' });
  await expect(heading).toBeFocused();
  const detail = page.locator('section', { has: heading });
  await expect(detail.getByRole('link', { name: /515-555-/ })).toHaveAttribute('href', /^tel:515555\d{4}$/);
  await expect(detail).toContainText('Opening hours');
  await expect(detail).toContainText('Capacity');
  await expect(detail.getByRole('link', { name: /Directions/ })).toHaveAttribute(
    'href',
    /openstreetmap\.org\/directions/,
  );
  await detail.getByRole('button', { name: 'Clear' }).click();
  await expect(heading).toBeHidden();

  await page.getByRole('button', { name: "1. Barbara's Happy Ducklings" }).click();
  await expect(page.getByRole('heading', { level: 2, name: "Barbara's Happy Ducklings" })).toBeVisible();
  await expect(page).toHaveURL(/provider=\d+/);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 2, name: "Barbara's Happy Ducklings" })).toBeHidden();
  await expect(results(page)).toHaveCount(3);

  // A shared link opens the same search and detail.
  await page.goto(`/ProviderSearch?search=1&zip=50263&provider=${await firstIdOf(page)}`);
  await expect(page.getByRole('heading', { level: 2, name: "Barbara's Happy Ducklings" })).toBeVisible();
});

async function firstIdOf(page: Page) {
  const response = await page.request.post('/api/Providers', { data: { zipCode: '50263' } });
  return ((await response.json()) as { value: { Id: number }[] }).value[0]!.Id;
}

test('a failed search says so', async ({ page }) => {
  await page.route('**/api/Providers', (route) => route.fulfill({ status: 500, body: '' }));
  await page.goto('/ProviderSearch');
  await box(page).fill('50263');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('An error occurred while fetching providers.');
});

test('keyboard alone: fill, search, open a marker and a list entry, clear', async ({ page }) => {
  const keys = keyboard(page);
  await page.goto('/ProviderSearch');
  await page.getByRole('button', { name: 'More search options' }).focus();
  await page.keyboard.press('Enter');
  await keys.type(page.getByLabel('ZIP code', { exact: true }), '50263');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Results' })).toBeFocused();
  // Tab on through the list into the map (beside the list, after it) to the first marker; Enter opens it.
  const marker = page.getByRole('button', { name: "1. Barbara's Happy Ducklings" });
  for (let i = 0; i < 15 && !(await marker.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(marker).toBeFocused();
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 2, name: "Barbara's Happy Ducklings" });
  await expect(heading).toBeFocused();
  const clear = page.getByRole('button', { name: 'Clear' });
  for (let i = 0; i < 10 && !(await clear.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(clear).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(heading).toBeHidden();
  const entry = results(page).nth(2).getByRole('button');
  await entry.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Little Hands Child Development Home' })).toBeFocused();
});

for (const [mode, settings] of Object.entries({
  light: {},
  dark: { theme: 'dark' },
  'Arabic, right-to-left': { locale: 'ae', direction: 'rtl' },
})) {
  test(`axe clean at 320px in ${mode}: form, results and detail`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 720 });
    await page.goto('/pages/error404');
    await page.evaluate((value) => localStorage.setItem('ui-settings', JSON.stringify(value)), settings);
    await page.goto('/ProviderSearch');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(`/ProviderSearch?search=1&zip=50263&provider=${await firstIdOf(page)}`);
    await page.locator('[aria-controls$="-filters"]').click();
    await expect(page.locator('[id$="-filters"]')).toBeVisible();
    await expect(page.locator('#provider-detail-heading')).toHaveText("Barbara's Happy Ducklings");
    await expect(page.locator('.provider-marker')).toHaveCount(3);
    if (mode.startsWith('Arabic')) await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'scrolls sideways').toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('search-320.png'), fullPage: true });
    // Wide: the list and the map side by side.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/ProviderSearch?search=1&q=50309');
    await expect(page.getByRole('status').filter({ hasText: /\d/ }).first()).toBeVisible();
    await page.locator('[aria-controls$="-filters"]').click();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('search-1280.png'), fullPage: true });
  });
}

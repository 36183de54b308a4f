import { expect, expectNoAxeViolations, test } from '../support/fixtures';

// The fixture also fails this test if the built home page's CSP blocks anything it does.
test('the home page reads the program profile from the API', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Child Care Assistance Provider Portal' })).toBeVisible();
  await expect(page).toHaveTitle('Home – Child Care Assistance Provider Portal');
  await expect(page.getByRole('contentinfo')).toHaveText(
    `© ${new Date().getFullYear()}. Department of Health and Human Services All rights reserved.`,
  );
});

test('a client route survives a reload, and an unknown one shows the not-found page', async ({ page }) => {
  await page.goto('/some/unknown/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Child Care Assistance Provider Portal');
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test('the page is readable at 320px wide with no horizontal scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the first page goes from the start spinner to itself, never through a blank screen', async ({ page }) => {
  // The page's own code arrives late, as on a slow phone network; the rest is on time.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/home-page-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Every moment #root, once it had something in it (index.html's spinner), was empty.
  await page.addInitScript(() => {
    const blank: number[] = [];
    let filled = false;
    Object.assign(window, { blankRoot: blank });
    new MutationObserver(() => {
      const children = document.getElementById('root')?.childElementCount ?? 0;
      if (children > 0) filled = true;
      else if (filled) blank.push(performance.now());
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeAttached();
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Child Care Assistance Provider Portal');
  expect(await page.evaluate(() => (window as unknown as { blankRoot: number[] }).blankRoot)).toEqual([]);
});

test('hashed assets are immutable and index.html is revalidated, both sent compressed, as the API answers the browser', async ({
  request,
  page,
}) => {
  const html = await request.get('/', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(html.headers()['cache-control']).toBe('no-cache');
  expect(html.headers()['content-encoding']).toBe('br');
  // The program profile every page waits for (ADR 056): brotli, as the browser accepts it.
  const profile = page.waitForResponse((response) => response.url().endsWith('/api/Program/get-profile'));
  await page.goto('/');
  expect((await profile).headers()['content-encoding']).toBe('br');
  expect(await (await profile).json()).toHaveProperty('productName');
  const script = await page.locator('script[type="module"]').first().getAttribute('src');
  expect(script).toMatch(/^\/assets\//);
  const asset = await request.get(script!, { headers: { 'accept-encoding': 'gzip' } });
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['content-encoding']).toBe('gzip');
  const api = await request.get('/api/nope');
  expect(api.status()).toBe(404);
  expect(api.headers()['content-type']).toContain('application/problem+json');
});

// ADR 042: the home page and the provider search load no zod (its schemas are ~25 KB gzipped
// and their building costs start-up time); a value import from the contracts' index brings it.
for (const path of ['/', '/ProviderSearch']) {
  test(`${path} loads no zod`, async ({ page }) => {
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text());
    });
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const bodies = await Promise.all(scripts);
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.filter((body) => body.includes('ZodError'))).toHaveLength(0);
  });
}

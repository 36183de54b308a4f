import { DEMO, signIn } from '../support/auth';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

test('an administrator creates an integration API key, sees it once, uses it, revokes it', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, DEMO.admin.email, DEMO.admin.password, '/staff/admin');
  const section = page.getByRole('region', { name: 'Integration API keys' });
  await expect(section.getByRole('heading', { level: 2, name: 'Integration API keys' })).toBeVisible();

  // By keyboard: the button opens the form, whose heading takes the focus.
  await section.getByRole('button', { name: 'Create a key' }).focus();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('heading', { level: 3, name: 'Create a key' })).toBeFocused();
  await expectNoAxeViolations(page);

  // Nothing chosen: each field says what it needs, and nothing is sent.
  await section.getByRole('button', { name: 'Create key' }).click();
  await expect(section.getByText('Enter a name for the key')).toBeVisible();
  await expect(section.getByText('Choose at least one thing the key may read')).toBeVisible();
  await expect(section.getByText('Choose at least one county')).toBeVisible();

  const name = `Payment system ${Date.now()}`;
  await section.getByLabel('Name').fill(name);
  await section.getByRole('checkbox', { name: 'Approved provider records' }).check();
  const counties = section.getByRole('group', { name: 'Counties the key may read' });
  await counties.getByRole('searchbox', { name: 'Filter counties' }).fill('Polk');
  await counties.getByRole('checkbox', { name: 'Polk' }).check();
  await section.getByRole('button', { name: 'Create key' }).click();

  const shown = section.getByRole('region', { name: `The key ${name} is ready` });
  await expect(shown.getByRole('heading', { name: `The key ${name} is ready` })).toBeFocused();
  const secret = await shown.getByLabel('Secret key').inputValue();
  expect(secret).toMatch(/^ccapk_[\w-]{43}$/);
  await shown.getByRole('button', { name: 'Copy key' }).click();
  await expect(shown.getByText('The key is copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expectNoAxeViolations(page);

  // Narrow phones, dark: nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });

  await shown.getByRole('button', { name: 'I have kept it' }).click();
  await expect(shown).toBeHidden();
  // The list names the key by its first characters only: the secret is never shown again.
  const item = section.getByRole('listitem').filter({ hasText: name });
  await expect(item).toContainText('Active');
  await expect(item).toContainText(secret.slice(0, 12));
  await expect(page.getByText(secret)).toHaveCount(0);

  // The state's system calls with it, by either header.
  const records = await request.get('/api/v1/provider-records?limit=5', {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(records.status()).toBe(200);
  const page1 = (await records.json()) as { data: { county: string }[]; nextCursor: string | null };
  expect(page1.data.every((record) => record.county === 'Polk')).toBe(true);
  const etag = records.headers()['etag'];
  expect(etag).toBeTruthy();
  const same = await request.get('/api/v1/provider-records?limit=5', {
    headers: { 'x-api-key': secret, 'if-none-match': etag! },
  });
  expect(same.status()).toBe(304);
  const outOfScope = await request.get('/api/v1/applications', { headers: { 'x-api-key': secret } });
  expect(outOfScope.status()).toBe(403);
  expect(outOfScope.headers()['content-type']).toContain('application/problem+json');

  // The list shows when it was last used.
  await page.reload();
  await expect(item).not.toContainText('Never');

  // Revoked after a confirmation; the next call is refused.
  await item.getByRole('button', { name: `Revoke the key ${name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Revoke this key?' });
  await expect(dialog).toContainText(`Every call made with ${name} from now on is refused.`);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByRole('status').filter({ hasText: `The key ${name} is revoked.` })).toBeVisible();
  await expect(item).toContainText('Revoked');
  const refused = await request.get('/api/v1/provider-records', { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
  expect(refused.headers()['content-type']).toContain('application/problem+json');
});

test('the admin page, with the key form open, reads right to left in Arabic', async ({ page }) => {
  // Signed in in English (the sign-in helper reads English labels), then the page in Arabic.
  await signIn(page, DEMO.admin.email, DEMO.admin.password, '/staff/admin');
  await page.evaluate(() =>
    window.localStorage.setItem('ui-settings', JSON.stringify({ locale: 'ae', direction: 'rtl' })),
  );
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: 'إنشاء مفتاح' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'إنشاء مفتاح' })).toBeFocused();
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectNoAxeViolations(page);
});

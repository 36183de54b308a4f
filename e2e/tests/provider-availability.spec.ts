import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { isoDayIn, plusDays } from '@ccap/contracts/days';
import { completeApplication } from '../../apps/api/test/application-fixture';
import { callApi } from '../support/api';
import { createAccount, DEMO, signIn } from '../support/auth';
import { submitThroughWizard } from '../support/drafts';
import { BASE_URL } from '../support/env';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

// The program's day, as the API counts it (the shipped profile's time zone).
const profile = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../apps/api/profiles/default.json'), 'utf8'),
) as { timeZone: string };
const today = () => isoDayIn(profile.timeZone);

/** The public search by business name, optionally for openings of an age group; the result, if found. */
async function searchFor(page: Page, businessName: string, openingsFor?: string) {
  await page.goto('/ProviderSearch');
  await page.getByRole('button', { name: 'More search options' }).click();
  await page.getByLabel('Business name').fill(businessName);
  await page.getByLabel('Provider type').selectOption({ label: 'Any provider type' });
  if (openingsFor) await page.getByLabel('Has openings for').selectOption({ label: openingsFor });
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.getByText(/^(Showing|No provider matches)/).first()).toBeVisible();
  return results.getByRole('listitem').filter({ hasText: businessName });
}

/** The page at 320 px in a mode: axe clean, nothing scrolling sideways. */
async function checkNarrow(page: Page, settings: object) {
  await page.evaluate((value) => localStorage.setItem('ui-settings', JSON.stringify(value)), settings);
  await page.setViewportSize({ width: 320, height: 720 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.evaluate(() => localStorage.removeItem('ui-settings'));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
}

test('an approved provider keeps openings and closures; the public search follows them', async ({ browser, page }) => {
  test.setTimeout(180_000);
  const businessName = `Juniper Openings Care ${Date.now()}`;

  // An applicant without an approved application gets a clear page.
  await createAccount(page, '/my-provider-record/availability');
  await expect(page.getByText('You have no approved application yet')).toBeVisible();
  await expectNoAxeViolations(page);

  // The application (care in Polk county, listed in the public search), approved by Polk's worker.
  const application = completeApplication('registeredprovider');
  await submitThroughWizard(
    page,
    {
      ...application,
      providerInfo: { ...application.providerInfo, businessName },
      address: { ...application.address, county: 'Polk' },
    },
    { listInDirectory: true },
  );
  const dashboard = await callApi<{ applicationId: number }>(page, '/api/Dashboard/get-dashboard');
  const applicationId = dashboard.json.applicationId;
  const workerContext = await browser.newContext({ baseURL: BASE_URL });
  const worker = await workerContext.newPage();
  await signIn(worker, DEMO.worker.email, DEMO.worker.password, '/staff');
  const status = (action: string, version: number) =>
    callApi(worker, `/api/Staff/applications/${applicationId}/status`, { action, version });
  expect((await status('start-review', 1)).status).toBe(200);
  expect((await status('approve', 2)).status).toBe(200);
  await workerContext.close();

  // The dashboard leads to the page; the openings are saved.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Closures and openings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Closures and openings' })).toBeVisible();
  await expect(page.getByText('Families can find you in the provider search.')).toBeVisible();
  await expectNoAxeViolations(page);
  const openings = page.getByRole('region', { name: 'Openings' });
  await openings.getByLabel('Infant and toddler (2 weeks to 3 years)').fill('2');
  await openings.getByLabel('School age', { exact: true }).fill('-1');
  await openings.getByRole('button', { name: 'Save openings' }).click();
  await expect(openings.getByText('Enter a whole number from 0 to 99').first()).toBeVisible();
  await openings.getByLabel('School age', { exact: true }).fill('0');
  await openings.getByRole('button', { name: 'Save openings' }).click();
  await expect(page.getByText('Your openings are saved.')).toBeVisible();

  // The search shows the openings, and the openings filter finds the provider.
  let found = await searchFor(page, businessName, 'Infant and toddler (2 weeks to 3 years)');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText('Openings:');
  await expect(found).toContainText('Infant and toddler (2 weeks to 3 years): 2');
  await expectNoAxeViolations(page);
  await expect(await searchFor(page, businessName, 'School age')).toHaveCount(0);

  // A closure that starts later leaves the provider in today's search.
  await page.goto('/my-provider-record/availability');
  const closures = page.getByRole('region', { name: 'Record a closure' });
  await closures.getByLabel('First day closed').fill(plusDays(today(), 5));
  await closures.getByLabel('Last day closed').fill(plusDays(today(), 6));
  await closures.getByLabel('Reason').fill('Family holiday');
  await closures.getByRole('button', { name: 'Record the closure' }).click();
  await expect(page.getByText('The closure is recorded.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your closures' })).toContainText('Upcoming');
  found = await searchFor(page, businessName);
  await expect(found).toHaveCount(1);

  // An overlapping closure is refused on its field, with the reason.
  await page.goto('/my-provider-record/availability');
  await closures.getByLabel('First day closed').fill(plusDays(today(), 6));
  await closures.getByLabel('Last day closed').fill(plusDays(today(), 8));
  await closures.getByLabel('Reason').fill('Renovation');
  await closures.getByRole('button', { name: 'Record the closure' }).click();
  await expect(closures.getByText('These dates overlap another closure').first()).toBeVisible();

  // A closure covering today: the public search no longer finds the provider.
  await closures.getByLabel('First day closed').fill(today());
  await closures.getByLabel('Last day closed').fill(plusDays(today(), 1));
  await closures.getByLabel('Reason').fill('Illness');
  await closures.getByRole('button', { name: 'Record the closure' }).click();
  await expect(page.getByText('The closure is recorded.')).toBeVisible();
  await expect(page.getByText('You are closed today')).toBeVisible();
  await expectNoAxeViolations(page);
  await checkNarrow(page, { theme: 'dark' });
  await checkNarrow(page, { locale: 'ae', direction: 'rtl' });

  found = await searchFor(page, businessName);
  await expect(found).toHaveCount(0);
  await expect(page.getByText(/^No provider matches/)).toBeVisible();

  // The later closure can still be cancelled before it begins.
  await page.goto('/my-provider-record/availability');
  await page.getByRole('button', { name: /^Cancel the closure:/ }).click();
  await expect(page.getByText('The closure is cancelled.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your closures' })).toContainText('Cancelled');
});

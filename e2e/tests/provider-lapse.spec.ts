import type { Page } from '@playwright/test';
import { callApi, polkApplication, submitApplication } from '../support/api';
import { createAccount, DEMO, signIn, submitSignIn } from '../support/auth';
import { E2E_PORT } from '../support/env';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { ownPortal } from '../support/own-portal';

// ADR 106 and 107: a portal of this test's own, on a data folder of its own, approves a provider;
// then the same portal starts again with its clock moved past the approval's end date
// (CLOCK_OFFSET_DAYS, honoured outside production only). The record shows lapsed, the dashboard
// says what to do, and the provider has left the public search.
const portal = ownPortal('lapse', E2E_PORT + 3);
test.use({ baseURL: portal.url });
test.afterAll(() => portal.dispose());

async function searchFor(page: Page, businessName: string) {
  await page.goto('/ProviderSearch');
  await page.getByRole('button', { name: 'More search options' }).click();
  await page.getByLabel('Business name').fill(businessName);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  return page.getByRole('region', { name: 'Results' });
}

test('past its end date an approval has lapsed: the record says so and the search no longer finds it', async ({
  browser,
  page,
}) => {
  test.setTimeout(300_000);
  const businessName = `Lapsing Pines Care ${Date.now()}`;
  await portal.start(0);

  // A provider applies (care in Polk county, listed in the search); the Polk worker approves.
  const account = await createAccount(page, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const application = polkApplication();
  application.providerInfo = { ...application.providerInfo, businessName };
  const applicationId = await submitApplication(page, application);
  const workerContext = await browser.newContext({ baseURL: portal.url });
  const worker = await workerContext.newPage();
  await signIn(worker, DEMO.worker.email, DEMO.worker.password, '/staff');
  for (const [action, version] of [
    ['start-review', 1],
    ['approve', 2],
  ] as const) {
    const answer = await callApi(worker, `/api/Staff/applications/${applicationId}/status`, { action, version });
    expect(answer.status).toBe(200);
  }
  await workerContext.close();

  // A registered home's approval lasts 24 months: the record and the dashboard count the days.
  await page.goto('/my-provider-record');
  await expect(page.getByRole('heading', { level: 1, name: 'My provider record' })).toBeVisible();
  await expect(page.getByText(/\(days left: 7\d\d\)/)).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByText(/^Your approval ends on .* \(days left: 7\d\d\)\.$/)).toBeVisible();
  const found = await searchFor(page, businessName);
  await expect(found.getByRole('listitem').filter({ hasText: businessName }).first()).toBeVisible();

  // The portal starts again 800 days later.
  await portal.start(800);

  // The session may have outlived the restart (the signing keys are in the database), or not.
  await page.goto('/dashboard');
  const dashboard = page.getByRole('heading', { level: 1, name: 'Dashboard' });
  const signInForm = page.getByRole('heading', { name: 'Sign in to your account' });
  await expect(dashboard.or(signInForm)).toBeVisible({ timeout: 20_000 });
  if (await signInForm.isVisible()) await submitSignIn(page, account.email, account.password);
  await expect(dashboard).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('so it has lapsed');
  await expect(page.getByRole('alert')).toContainText('Renew from your Dashboard to be approved again');
  await expectNoAxeViolations(page);

  await page.goto('/my-provider-record');
  await expect(page.getByRole('heading', { level: 1, name: 'My provider record' })).toBeVisible();
  await expect(page.getByText('Lapsed', { exact: true })).toBeVisible();
  await expect(page.getByText(/ \(lapsed\)$/)).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('you are no longer listed in the provider search');
  await expectNoAxeViolations(page);

  const results = await searchFor(page, businessName);
  await expect(results).toContainText('No provider matches this search.');
  await expect(results.getByText(businessName)).toHaveCount(0);
});

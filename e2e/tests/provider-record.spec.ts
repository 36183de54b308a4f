import { approveApplication, polkApplication, submitApplication } from '../support/api';
import { createAccount, DEMO, signIn } from '../support/auth';
import { BASE_URL } from '../support/env';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

// Issue #41: an approved provider reports a new address, effective today; the county's worker
// sees before and after and approves; the record keeps both versions; the search follows.
test('an approved provider reports a new address; the Polk worker approves it; history and search follow', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const businessName = `Maple Row Care ${Date.now()}`;
  const newStreet = `${String(Date.now()).slice(-4)} Birch Avenue`;

  // The provider: an account and an application (care in Polk county, listed in the search).
  await createAccount(page, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const application = polkApplication();
  application.providerInfo = { ...application.providerInfo, businessName };
  const applicationId = await submitApplication(page, application);

  // The Polk worker approves it (the review page's own flow is the staff story's).
  const workerContext = await browser.newContext({ baseURL: BASE_URL });
  const worker = await workerContext.newPage();
  await signIn(worker, DEMO.worker.email, DEMO.worker.password, '/staff');
  await approveApplication(worker, applicationId);

  // The provider finds their record from the dashboard, and reports the move.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'My provider record' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My provider record' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Version 1');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Report a change' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Report a change' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Pick at least one thing that changed.')).toBeVisible();
  await page.getByLabel('Address', { exact: true }).check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Change \d+$/ })).toBeVisible();
  await page.getByLabel('Street address').first().fill(newStreet);
  // Across town: the search lists the provider by city and ZIP code.
  await page.getByLabel('ZIP code').first().fill('50014');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Addresses: saved.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Send the change' }).click();
  await expect(page.getByText('Sent', { exact: true })).toBeVisible();

  // The worker sees exactly what changes, and approves.
  await worker.goto('/staff/changes');
  await expect(worker.getByRole('heading', { level: 1, name: 'Reported changes' })).toBeVisible();
  await worker.getByRole('link', { name: new RegExp(businessName) }).click();
  const diff = worker.getByRole('table', { name: 'What changes in Addresses' });
  const row = diff.getByRole('row', { name: /Street address/ });
  await expect(row).toContainText('120 Oak Street');
  await expect(row).toContainText(newStreet);
  await expectNoAxeViolations(worker);
  await worker.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(worker.getByRole('status').filter({ hasText: 'In effect' })).toBeVisible();
  await workerContext.close();

  // The record holds both versions; the new address is in force.
  await page.goto('/my-provider-record');
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history).toContainText('Version 2');
  await expect(history).toContainText('Version 1');
  await expect(page.getByText(newStreet).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // Anyone finds the provider at the new address (the search shows its ZIP code).
  await page.goto('/ProviderSearch');
  await page.getByRole('button', { name: 'More search options' }).click();
  await page.getByLabel('Business name').fill(businessName);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(
    page.getByRole('region', { name: 'Results' }).getByRole('listitem').filter({ hasText: businessName }).first(),
  ).toContainText('50014');
});

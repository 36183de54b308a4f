import { plusDays } from '@ccap/contracts';
import { approveApplication, callApi, polkApplication, reportChange, submitApplication } from '../support/api';
import { createAccount, DEMO, signIn } from '../support/auth';
import { BASE_URL } from '../support/env';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

// The staff queue's change kind: a Polk worker switches the queue to reported changes, filters
// them, opens one and approves it, then reads the provider's record as it was on other days.
test('a worker finds a reported change in the queue, approves it, and reads the record by day', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const businessName = `Juniper Lane Care ${Date.now()}`;
  const newStreet = `${String(Date.now()).slice(-4)} Cedar Court`;

  // An approved provider in Polk county (the demo worker's).
  await createAccount(page, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const application = polkApplication();
  application.providerInfo = { ...application.providerInfo, businessName };
  const applicationId = await submitApplication(page, application);
  const workerContext = await browser.newContext({ baseURL: BASE_URL });
  const worker = await workerContext.newPage();
  await signIn(worker, DEMO.worker.email, DEMO.worker.password, '/staff');
  await approveApplication(worker, applicationId);

  // The provider reports a move today and new rates from next week.
  const today = (await callApi<{ on: string }>(page, `/api/ProviderRecord/${applicationId}`)).json.on;
  const moveId = await reportChange(page, applicationId, {
    parts: ['address'],
    answers: {
      address: { ...application.address, careLocation: { ...application.address!.careLocation, address1: newStreet } },
    },
    effectiveDate: today,
    note: 'We moved across town',
  });
  const ratesId = await reportChange(page, applicationId, {
    parts: ['ratesInfo'],
    answers: {
      ratesInfo: {
        ...application.ratesInfo,
        rates: { ...application.ratesInfo!.rates, preschool: { basic: 14, specialNeeds: 20 } },
      },
    },
    effectiveDate: plusDays(today, 7),
  });

  // The worker switches the queue to reported changes, by keyboard.
  await worker.goto('/staff');
  await expect(worker.getByRole('heading', { level: 1, name: 'Applications to review' })).toBeVisible();
  const kinds = worker.getByRole('navigation', { name: 'What to review' });
  await kinds.getByRole('link', { name: 'Reported changes' }).focus();
  await worker.keyboard.press('Enter');
  await expect(worker).toHaveURL(/\/staff\?kind=change$/);
  await expect(worker.getByRole('heading', { level: 1, name: 'Reported changes to review' })).toBeVisible();
  await expect(kinds.getByRole('link', { name: 'Reported changes' })).toHaveAttribute('aria-current', 'page');
  const table = worker.getByRole('table', { name: /Reported changes/ });
  await expect(table.getByRole('link', { name: `Change ${ratesId}: ${businessName}` })).toBeVisible();
  await expectNoAxeViolations(worker);

  // Only address changes, sent: the rates change leaves the list.
  const filters = worker.getByRole('search', { name: 'Filter the reported changes' });
  await filters.getByLabel('Part changed').selectOption('address');
  await filters.getByLabel('Status').selectOption('submitted');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(worker).toHaveURL(/part=address/);
  await expect(table.getByRole('link', { name: `Change ${moveId}: ${businessName}` })).toBeVisible();
  await expect(table.getByRole('link', { name: `Change ${ratesId}: ${businessName}` })).toHaveCount(0);

  // The change: approved, in effect today.
  await table.getByRole('link', { name: `Change ${moveId}: ${businessName}` }).click();
  await expect(worker.getByRole('heading', { level: 1, name: `Reported change ${moveId}` })).toBeVisible();
  await worker.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(worker.getByRole('status').filter({ hasText: 'In effect' })).toBeVisible();

  // The provider announces they close for good in three days: the county's workers are told.
  const closing = await callApi(page, `/api/ProviderRecord/${applicationId}/closures`, {
    kind: 'permanent',
    startsOn: plusDays(today, 3),
    reason: 'Retiring at the end of the month',
  });
  expect(closing.status).toBe(201);

  // The provider's record: version 2 today, with who changed what and why, and the closure.
  await worker.getByRole('link', { name: 'Open the provider’s record' }).click();
  await expect(
    worker.getByRole('heading', { level: 1, name: `Provider record of application ${applicationId}` }),
  ).toBeVisible();
  await expect(worker.getByText(/: version 2\./)).toBeVisible();
  await expect(worker.getByText(newStreet).first()).toBeVisible();
  const history = worker.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history).toContainText('We moved across town');
  const availability = worker.getByRole('region', { name: 'Closures and openings' });
  await expect(availability).toContainText('Retiring at the end of the month');
  await expect(availability).toContainText('Upcoming');
  await expect(availability.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(worker);

  // An earlier day: the day before the approval, when no version was in force yet.
  const day = worker.getByLabel('Show the record as it was on');
  await day.fill(plusDays(today, -1));
  await worker.getByRole('button', { name: 'Show' }).click();
  await expect(worker).toHaveURL(new RegExp(`on=${plusDays(today, -1)}`));
  await expect(worker.getByText('The record did not exist yet on')).toBeVisible();
  await expect(worker.getByText(newStreet)).toHaveCount(0);

  // The same page at 320 px, dark, in Arabic (right to left): readable, nothing sideways, axe clean.
  await worker.evaluate(() =>
    localStorage.setItem('ui-settings', JSON.stringify({ theme: 'dark', locale: 'ae', direction: 'rtl' })),
  );
  await worker.setViewportSize({ width: 320, height: 720 });
  await worker.reload();
  await expect(worker.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(worker.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(worker.getByRole('region', { name: 'الإغلاقات والأماكن الشاغرة' })).toBeVisible();
  await expectNoAxeViolations(worker);
  const overflow = await worker.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the record page scrolls sideways').toBeLessThanOrEqual(0);
  await workerContext.close();
});

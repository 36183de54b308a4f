import type { Page } from '@playwright/test';
import { callApi, polkApplication, submitApplication } from '../support/api';
import { createAccount, DEMO, signIn } from '../support/auth';
import { BASE_URL } from '../support/env';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

/** A new provider submits `count` Polk applications named `${prefix} 1`, `${prefix} 2`, …; answers their ids. */
async function seedApplications(page: Page, prefix: string, count: number): Promise<number[]> {
  await createAccount(page, '/users/profile');
  await expect(page).toHaveURL(/\/users\/profile$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const ids: number[] = [];
  for (let index = 1; index <= count; index += 1) {
    const application = polkApplication();
    application.providerInfo = { ...application.providerInfo, businessName: `${prefix} ${index}` };
    ids.push(await submitApplication(page, application));
  }
  return ids;
}

/** The demo worker (Polk) on the queue, filtered by a provider-name search through the filter form. */
async function workerOnQueue(page: Page, search: string) {
  await signIn(page, DEMO.worker.email, DEMO.worker.password, '/staff');
  await page.goto('/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Applications to review' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Provider name or application number' }).fill(search);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  return page.getByRole('table', { name: /Applications to review/ });
}

test('a worker assigns 50 filtered applications to a colleague in one action', async ({ browser, page }) => {
  test.setTimeout(240_000);
  const prefix = `Bulk Assign ${Date.now()}`;
  const applicantContext = await browser.newContext({ baseURL: BASE_URL });
  await seedApplications(await applicantContext.newPage(), prefix, 50);
  await applicantContext.close();

  const table = await workerOnQueue(page, prefix);
  await expect(page.getByText('Applications found: 50')).toBeVisible();
  // Keyboard only: the page checkbox, then "select all 50 matching".
  await table.getByRole('checkbox', { name: 'Select all on this page' }).focus();
  await page.keyboard.press('Space');
  const toolbar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(toolbar).toContainText('Selected: 25');
  await toolbar.getByRole('button', { name: 'Select all 50 matching' }).focus();
  await page.keyboard.press('Enter');
  await expect(toolbar).toContainText('All 50 matching applications are selected.');

  await toolbar.getByRole('button', { name: 'Assign' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Assign the selected applications' });
  await expect(dialog).toContainText('Selected applications: 50.');
  const assignee = dialog.getByRole('combobox', { name: 'Assign to' });
  await expect(assignee).toBeFocused();
  await expectNoAxeViolations(page);
  await assignee.selectOption({ label: DEMO.admin.name });
  await dialog.getByRole('button', { name: 'Apply' }).focus();
  await page.keyboard.press('Enter');

  const summary = page.getByRole('status').filter({ hasText: '50 done, 0 not done' });
  await expect(summary).toBeVisible({ timeout: 60_000 });
  await expect(dialog).toBeHidden();
  await expect(toolbar).toBeHidden();
  // The queue is read again: every row of the page names the colleague.
  const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(rows).toHaveCount(25);
  for (const row of await rows.all()) await expect(row).toContainText(DEMO.admin.name);
  await expectNoAxeViolations(page);
});

test('rows changed between listing and acting are reported with the reason, the others are done', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const prefix = `Bulk Changed ${Date.now()}`;
  const applicantContext = await browser.newContext({ baseURL: BASE_URL });
  const ids = await seedApplications(await applicantContext.newPage(), prefix, 5);
  await applicantContext.close();

  const table = await workerOnQueue(page, prefix);
  await expect(page.getByText('Applications found: 5')).toBeVisible();
  await table.getByRole('checkbox', { name: 'Select all on this page' }).check();
  const toolbar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(toolbar).toContainText('Selected: 5');

  // Meanwhile, another request starts the review of the third one.
  const changed = ids[2]!;
  const started = await callApi(page, `/api/Staff/applications/${changed}/status`, {
    action: 'start-review',
    version: 1,
  });
  expect(started.status).toBe(200);

  await toolbar.getByRole('button', { name: 'Start review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start review on the selected applications' });
  await dialog.getByRole('button', { name: 'Apply' }).click();
  const summary = page.getByRole('alert').filter({ hasText: '4 done, 1 not done' });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole('listitem')).toHaveText(`${prefix} 3: it changed since it was listed`);
  await expect(summary.getByRole('link', { name: `${prefix} 3` })).toHaveAttribute(
    'href',
    `/staff/applications/${changed}`,
  );
  // The queue is read again: all five are in review now (four by the bulk action, one before it).
  await expect(table.getByRole('row').filter({ hasText: 'In review' })).toHaveCount(5);
});

test('a bulk message reaches the provider’s inbox and leaves the applications as they were', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const prefix = `Bulk Message ${Date.now()}`;
  const providerContext = await browser.newContext({ baseURL: BASE_URL });
  const provider = await providerContext.newPage();
  await seedApplications(provider, prefix, 2);

  const table = await workerOnQueue(page, prefix);
  await expect(page.getByText('Applications found: 2')).toBeVisible();
  await table.getByRole('checkbox', { name: 'Select all on this page' }).check();
  const toolbar = page.getByRole('region', { name: 'Bulk actions' });
  await toolbar.getByRole('button', { name: 'Send a message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a message to the selected applicants' });
  const message = dialog.getByRole('textbox', { name: 'Message' });
  await expect(message).toHaveAccessibleDescription(/inbox.*does not change the applications and asks for no answer/);
  await expectNoAxeViolations(page);
  const text = 'Our office is closed on Friday.\nCall us on Monday.';
  await message.fill(text);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 done, 0 not done' })).toBeVisible();
  // Still waiting for review: a message asks nothing and moves nothing.
  const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(rows.filter({ hasText: 'Submitted' })).toHaveCount(2);

  // The provider finds one message per application in the Inbox, with the worker's words as written.
  await provider.goto('/apps/mailbox');
  const title = `A message from the program about your application ${prefix} 1`;
  await expect(provider.getByRole('link', { name: /A message from the program about your application/ })).toHaveCount(
    2,
  );
  await provider.getByRole('link', { name: `Unread: ${title}` }).click();
  await expect(provider.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const opened = provider.getByRole('article', { name: title });
  await expect(opened).toContainText('Program staff wrote to you about your application');
  await expect(opened).toContainText('Our office is closed on Friday.');
  await expect(opened).toContainText('Call us on Monday.');
  await expectNoAxeViolations(provider);
  await provider.getByRole('link', { name: 'Your application' }).click();
  await expect(provider).toHaveURL(/\/dashboard$/);
  await providerContext.close();
});

import { applicantWithApplication, callApi } from '../support/api';
import { DEMO, signIn } from '../support/auth';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

test('the bell shows a new item without reload, dismiss removes it for good, the Inbox opens the message and its link', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const applicationId = await applicantWithApplication(page);

  await page.goto('/dashboard');
  // Submitting told them already (submitted, documents needed).
  const before = (await callApi<{ unreadCount: number }>(page, '/api/Notifications')).json.unreadCount;
  expect(before).toBeGreaterThan(0);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(new RegExp(`Unread: ${before}$`));

  // Meanwhile, in another browser, the Polk service worker asks for information.
  const staff = await browser.newContext();
  const workerPage = await staff.newPage();
  await signIn(workerPage, DEMO.worker.email, DEMO.worker.password);
  const rfi = await callApi(workerPage, '/api/rfi/CreateRfi', {
    applicationId,
    serviceWorkerComment: 'Please send your current CPR certificate.',
  });
  expect(rfi.status).toBe(201);
  await staff.close();

  // No reload: the header finds it on its own.
  await expect(bell).toHaveAccessibleName(new RegExp(`Unread: ${before + 1}$`), { timeout: 30_000 });
  await bell.click();
  const notice = `Information requested on application ${applicationId}.`;
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByRole('link', { name: notice })).toBeVisible();
  await expect(panel.getByText(/now|seconds? ago|minutes? ago/).first()).toBeVisible();
  await expectNoAxeViolations(page);

  await panel.getByRole('button', { name: `Dismiss: ${notice}` }).click();
  await expect(panel.getByRole('link', { name: notice })).toHaveCount(0);
  await page.reload();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const reloaded = page.getByRole('region', { name: 'Notifications' });
  await expect(reloaded.getByRole('link', { name: `Application ${applicationId} was submitted.` })).toBeVisible();
  await expect(reloaded.getByRole('link', { name: notice })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The Inbox, on a phone: the message, unread, opens; its link leads to the request.
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto('/apps/mailbox');
  const title = `Information requested on your application ${applicationId}`;
  const link = page.getByRole('link', { name: `Unread: ${title}` });
  await expect(link).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Please send your current CPR certificate.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Request for information' }).click();
  await expect(page).toHaveURL(new RegExp(`/rfi-v1/${applicationId}$`));
  await expect(page.getByText('Please send your current CPR certificate.')).toBeVisible();
});

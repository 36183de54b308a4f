import { createAccount, DEMO, signIn, submitSignIn } from '../support/auth';
import { BASE_URL } from '../support/env';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { totpCode } from '../support/totp';

test('a new administrator sets up an authenticator app, then signs in with its code', async ({ browser, page }) => {
  // Someone signs up and is made an administrator by the demo administrator (who passes the
  // second step with the demo key: support/auth.ts).
  const newcomer = await browser.newContext({ baseURL: BASE_URL });
  const newcomerPage = await newcomer.newPage();
  const account = await createAccount(newcomerPage, '/users/profile', 'Tove Admin');
  // The portal knows them once their first page has loaded after the sign-in.
  await expect(newcomerPage).toHaveURL(/\/users\/profile$/);
  await expect(newcomerPage.getByText(account.email).first()).toBeVisible();
  await newcomer.close();

  await signIn(page, DEMO.admin.email, DEMO.admin.password, '/staff/admin');
  await page.getByLabel('Email address').fill(account.email);
  await page.getByRole('group', { name: 'Role' }).getByRole('radio', { name: 'Administrator' }).check();
  await page.getByRole('button', { name: 'Grant role' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'now has the Administrator role' })).toBeVisible();

  // The new administrator's next sign-in leads, after the password, to setting up the app.
  const own = await browser.newContext({ baseURL: BASE_URL });
  const admin = await own.newPage();
  await admin.goto('/users/profile');
  await submitSignIn(admin, account.email, account.password);
  await expect(admin.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible();
  await expect(admin.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expectNoAxeViolations(admin);
  const key = (await admin.getByTestId('setup-key').textContent()) ?? '';
  expect(key.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);

  await admin.getByLabel('Code', { exact: true }).fill('000000');
  await admin.getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText('This code is not right, or was used already.')).toBeVisible();
  const firstCode = totpCode(key);
  await admin.getByLabel('Code', { exact: true }).fill(firstCode);
  await admin.getByRole('button', { name: 'Confirm' }).click();

  await expect(admin.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await expectNoAxeViolations(admin);
  await admin.getByRole('button', { name: 'Continue' }).click();
  await expect(admin).toHaveURL(/\/users\/profile$/);
  await own.close();

  // Signing in again asks for a code: the one already used is refused, the next one taken.
  const again = await browser.newContext({ baseURL: BASE_URL });
  const next = await again.newPage();
  await next.goto('/staff/admin');
  await submitSignIn(next, account.email, account.password);
  await expect(next.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible();
  await expectNoAxeViolations(next);
  await next.getByLabel('Code', { exact: true }).fill(firstCode);
  await next.getByRole('button', { name: 'Verify' }).click();
  await expect(next.getByText('This code is not right, or was used already.')).toBeVisible();
  await next.getByLabel('Code', { exact: true }).fill(totpCode(key, Date.now() + 30_000));
  await next.getByRole('button', { name: 'Verify' }).click();
  await expect(next).toHaveURL(/\/staff\/admin$/);
  await expect(next.getByRole('heading', { level: 1, name: 'Staff administration' })).toBeVisible();
  await again.close();

  // The demo administrator resets it: the next sign-in sets up an app again.
  const table = page.getByRole('region', { name: 'Staff table' }).getByRole('table');
  await table
    .getByRole('row')
    .filter({ hasText: account.email })
    .getByRole('button', { name: 'Reset the second factor of Tove Admin' })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Reset the second factor?' });
  await dialog.getByRole('button', { name: 'Reset second factor' }).click();
  await expect(page.getByText('Tove Admin will set up a new authenticator app at their next sign-in.')).toBeVisible();
});

import { DEMO, linkFromMail, NEW_ACCOUNT_PASSWORD, signIn, submitSignIn, wrongPassword } from '../support/auth';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

test('create an account, sign in, stay signed in across a reload, sign out, sign in again', async ({ page }) => {
  const email = `new.provider.${Date.now()}@example.gov`;
  const password = NEW_ACCOUNT_PASSWORD;

  await page.goto('/users/profile');
  await expect(page).toHaveURL(/\/auth\/boxed-signin\?uid=/);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Full name').fill('Nia Provider');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(await linkFromMail(page, email));
  await expect(page.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
  await page
    .getByRole('link', { name: 'Sign in' })
    .or(page.getByRole('button', { name: 'Sign in' }))
    .first()
    .click();
  await submitSignIn(page, email, password);

  await expect(page).toHaveURL(/\/users\/profile$/);
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  const banner = page.getByRole('banner');
  await expect(banner).toContainText('Nia Provider');
  await expect(banner).toContainText(email);
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await expect(banner).toContainText(email);

  await banner.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Do you want to sign out?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  const storage = await page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length }));
  expect(storage).toEqual({ local: 0, session: 0 });

  await signIn(page, email, password);
  await expect(page.getByRole('banner')).toContainText('Nia Provider');
});

test('five wrong passwords from one browser make it wait, without saying whether the email exists', async ({
  page,
}) => {
  const messages: string[] = [];
  for (const email of [DEMO.worker.email, 'nobody.here@example.gov']) {
    await page.goto('/login');
    for (let attempt = 1; attempt <= 5; attempt++) {
      await submitSignIn(page, email, wrongPassword(attempt));
      const alert = page
        .getByRole('alert')
        .filter({ hasText: attempt < 5 ? 'Email or password is incorrect.' : 'Too many failed attempts' });
      await expect(alert.first()).toBeVisible();
    }
    messages.push((await page.getByRole('alert').first().innerText()).trim());
  }
  expect(messages[0]).toContain('Too many failed attempts. Try again in 1 minute.');
  expect(messages[1]).toBe(messages[0]);
});

test('the account menu works with the keyboard alone', async ({ page }) => {
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page.getByRole('main')).toContainText('Administrator');
  const trigger = page.getByRole('banner').getByRole('button', { name: /Account menu/ });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const items = page.getByRole('menuitem');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Inbox' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(trigger).toBeFocused();
});

test('account settings save the language and mail preferences', async ({ page }) => {
  await signIn(page, DEMO.applicant.email, DEMO.applicant.password, '/users/user-account-settings');
  await page.getByLabel('Preferred language').selectOption('es');
  await page.getByLabel('Reminders about an unfinished application').uncheck();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your settings have been saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Preferred language')).toHaveValue('es');
  await expect(page.getByLabel('Reminders about an unfinished application')).not.toBeChecked();
});

test('after the idle time a warning counts down, and at zero the lock screen returns the user where they were, unsaved input kept', async ({
  page,
}) => {
  await page.clock.install();
  await signIn(page, DEMO.applicant.email, DEMO.applicant.password, '/users/user-account-settings');
  await page.clock.fastForward('01:05');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/You will be signed out in 0:\d\d/);
  await dialog.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(dialog).toBeHidden();

  // An unsaved change, then the session locks.
  await page.getByLabel('Preferred language').selectOption('fr');
  await page.clock.fastForward('02:30');
  await expect(page).toHaveURL(/\/auth\/boxed-lockscreen/);
  await expect(page.getByRole('heading', { name: 'Your session is locked' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in again' }).click();
  await submitSignIn(page, DEMO.applicant.email, DEMO.applicant.password);
  await expect(page).toHaveURL(/\/users\/user-account-settings$/);
  await expect(page.getByLabel('Preferred language')).toHaveValue('fr');
});

test('the session warning stays usable over another open dialog', async ({ page }) => {
  await page.clock.install();
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await page.getByRole('button', { name: 'Display settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Display settings' })).toBeVisible();
  await page.clock.fastForward('01:05');
  const warning = page.getByRole('alertdialog');
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(warning).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Display settings' })).toBeVisible();
});

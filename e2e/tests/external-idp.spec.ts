import { DEMO, submitSignIn } from '../support/auth';
import { EXTERNAL_IDP_URL, RELYING_PORTAL_URL } from '../support/env';
import { expect, test } from '../support/fixtures';

// The portal at RELYING_PORTAL_URL is configured only with OIDC_ISSUER and OIDC_CLIENT_ID of
// another provider (a second portal's built-in provider standing in for Login.gov or Entra ID).
test('signing in and out through an external identity provider', async ({ page }) => {
  await page.goto(`${RELYING_PORTAL_URL}/users/profile`);
  await expect(page).toHaveURL(new RegExp(`^${EXTERNAL_IDP_URL}/auth/boxed-signin\\?uid=`));
  await submitSignIn(page, DEMO.applicant.email, DEMO.applicant.password);

  await expect(page).toHaveURL(`${RELYING_PORTAL_URL}/users/profile`);
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(DEMO.applicant.name);
  await expect(page.getByRole('banner')).toContainText(DEMO.applicant.email);

  await page.reload();
  await expect(page.getByRole('banner')).toContainText(DEMO.applicant.email);

  await page
    .getByRole('banner')
    .getByRole('button', { name: /Account menu/ })
    .click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(new RegExp(`^${EXTERNAL_IDP_URL}/auth/signout`));
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${RELYING_PORTAL_URL}/auth/signed-out`);
  await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
});

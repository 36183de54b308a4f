import { DEMO, signIn } from '../support/auth';
import { BASE_URL } from '../support/env';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

test('an administrator grants the applicant a service worker role for Story county, then removes it', async ({
  browser,
  page,
}) => {
  // Roles go to people the portal knows: the applicant signs in once, in a browser of their own.
  const applicant = await browser.newContext({ baseURL: BASE_URL });
  await signIn(await applicant.newPage(), DEMO.applicant.email, DEMO.applicant.password);
  await applicant.close();

  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Account menu/ })
    .click();
  await page.getByRole('menuitem', { name: 'Administration' }).click();
  await expect(page).toHaveURL(/\/staff\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff administration' })).toBeVisible();
  await expect(page).toHaveTitle(/^Staff administration – /);
  const table = page.getByRole('region', { name: 'Staff table' }).getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: DEMO.admin.email })).toContainText('Administrator');
  await expect(table.getByRole('row').filter({ hasText: DEMO.applicant.email })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByLabel('Email address').fill(DEMO.applicant.email);
  await page.getByRole('group', { name: 'Role' }).getByRole('radio', { name: 'Service worker' }).check();
  const counties = page.getByRole('group', { name: 'Counties' });
  await counties.getByRole('searchbox', { name: 'Filter counties' }).fill('Story');
  await expect(counties.getByRole('checkbox')).toHaveCount(1);
  await counties.getByRole('checkbox', { name: 'Story' }).check();
  await page.getByRole('button', { name: 'Grant role' }).click();

  await expect(
    page.getByRole('status').filter({ hasText: `${DEMO.applicant.name} now has the Service worker role.` }),
  ).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: DEMO.applicant.email });
  await expect(row).toContainText(DEMO.applicant.name);
  await expect(row).toContainText('Service worker');
  await expect(row).toContainText('Story');
  await expectNoAxeViolations(page);

  // Narrow phones: the page does not scroll sideways; only the table region does.
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectNoAxeViolations(page);

  // Removing, by keyboard: the dialog opens on Cancel, says which role from whom.
  const remove = row.getByRole('button', { name: `Remove Service worker from ${DEMO.applicant.name}` });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Remove this role?' });
  await expect(dialog).toContainText(
    `${DEMO.applicant.name} (${DEMO.applicant.email}) will no longer have the Service worker role.`,
  );
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Remove role' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(
    page.getByRole('status').filter({ hasText: `${DEMO.applicant.name} no longer has the Service worker role.` }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row').filter({ hasText: DEMO.applicant.email })).toHaveCount(0);
});

test('an applicant who opens /staff/admin is told they do not have access', async ({ page }) => {
  await signIn(page, DEMO.applicant.email, DEMO.applicant.password, '/staff/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Account menu/ })
    .click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Administration' })).toHaveCount(0);
  await page.keyboard.press('Escape');
});

import type { Page } from '@playwright/test';
import { completeApplication } from '../../apps/api/test/application-fixture';
import { DEMO, signIn } from '../support/auth';
import { saveDraftAsUser } from '../support/drafts';
import { BASE_URL } from '../support/env';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

/** Submits the draft through the API with the signed-in applicant's token. */
function submit(page: Page, draftId: number, application: object) {
  return page.evaluate(
    async ({ draftId, application }) => {
      const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
      const token = key
        ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token
        : '';
      const response = await fetch('/api/Application', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ draftApplicationId: draftId, applicationJson: JSON.stringify(application) }),
      });
      if (!response.ok) throw new Error(`submit answered ${response.status}`);
      return ((await response.json()) as { applicationId: number }).applicationId;
    },
    { draftId, application },
  );
}

test('a worker reveals a taxpayer number with a reason, and the audit search shows the reveal', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const tin = '123-45-6789';
  const application = completeApplication('registeredprovider');
  const answers = {
    ...application,
    providerInfo: { ...application.providerInfo, businessName: `Reveal Check ${Date.now()}` },
    address: { ...application.address, county: 'Polk' },
    w9Info: { ...application.w9Info, tinType: 'ssn', tin },
  };
  const applicantContext = await browser.newContext({ baseURL: BASE_URL });
  const applicant = await applicantContext.newPage();
  await signIn(applicant, DEMO.applicant.email, DEMO.applicant.password);
  const applicationId = await submit(applicant, await saveDraftAsUser(applicant, answers), answers);
  await applicantContext.close();

  await signIn(page, DEMO.worker.email, DEMO.worker.password, `/staff/applications/${applicationId}`);
  const section = page.getByRole('region', { name: 'Protected answers' });
  await expect(section).toContainText('•••-••-6789');
  await expect(page.locator('main')).not.toContainText(tin);
  await expectNoAxeViolations(page);

  await section.getByRole('button', { name: 'Reveal: Taxpayer identification number' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Reveal: Taxpayer identification number' });
  // No reason: refused in the form, nothing revealed.
  await dialog.getByRole('button', { name: 'Reveal' }).click();
  await expect(dialog.getByText('Give a reason of at least 10 characters.')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Why do you need to see it?').fill('Matching the number on the IRS letter');
  await dialog.getByRole('button', { name: 'Reveal' }).click();
  await expect(dialog).toBeHidden();
  await expect(section).toContainText(tin);
  // The value is not in the address, and is gone once the page is loaded again.
  expect(page.url()).not.toContain('6789');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Protected answers' })).toContainText('•••-••-6789');
  await expect(page.locator('main')).not.toContainText(tin);

  const adminContext = await browser.newContext({ baseURL: BASE_URL });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin.email, DEMO.admin.password, '/staff/audit');
  const search = admin.getByRole('search', { name: 'Search the audit trail' });
  await search.getByLabel('Record number').fill(String(applicationId));
  await search.getByLabel('Action').fill('application.reveal');
  await search.getByRole('button', { name: 'Apply' }).click();
  const found = admin.getByRole('table', { name: 'Audit entries, newest first' });
  const row = found.getByRole('row').filter({ hasText: 'application.reveal' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(DEMO.worker.email);
  await expect(row).toContainText('Matching the number on the IRS letter');
  await expect(row).toContainText('w9Info.tin');
  await expect(found).not.toContainText(tin);
  await expectNoAxeViolations(admin);
  await adminContext.close();
});

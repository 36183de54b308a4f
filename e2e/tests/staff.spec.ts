import type { Page } from '@playwright/test';
import { completeApplication } from '../../apps/api/test/application-fixture';
import { createAccount, DEMO, signIn } from '../support/auth';
import { saveDraftAsUser, submitThroughWizard } from '../support/drafts';
import { BASE_URL } from '../support/env';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

const PDF = `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`;

/** A complete application in Polk county under a provider name no other test uses. */
function polkApplication(businessName: string) {
  const application = completeApplication('registeredprovider');
  return {
    ...application,
    providerInfo: { ...application.providerInfo, businessName },
    address: { ...application.address, county: 'Polk' },
  };
}

/** Calls the API from the page with the signed-in user's token. */
function callApi<T>(page: Page, path: string, init: { method?: string; json?: unknown; pdf?: string } = {}) {
  return page.evaluate(
    async ({ path, init }) => {
      const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
      const token = key
        ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token
        : '';
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      let body: BodyInit | undefined;
      if (init.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(init.json);
      } else if (init.pdf !== undefined) {
        const form = new FormData();
        form.append('file', new Blob([init.pdf], { type: 'application/pdf' }), 'w9.pdf');
        body = form;
      }
      const response = await fetch(`/api/${path}`, { method: init.method ?? 'GET', headers, body });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return (await response.json()) as T;
    },
    { path, init },
  );
}

test('an applicant submits; the Polk worker finds it, views a document, approves; the applicant sees the decision', async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  const businessName = `Acorn House ${Date.now()}`;
  await createAccount(page, '/dashboard');
  // Back from signing in: the token is there to save the draft with.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await submitThroughWizard(page, polkApplication(businessName));
  const dashboard = await callApi<{
    applicationId: number;
    providerApplication: { missingDocuments: { documentId: number }[] };
  }>(page, 'Dashboard/get-dashboard');
  const applicationId = dashboard.applicationId;
  const w9 = dashboard.providerApplication.missingDocuments[0]!.documentId;
  await callApi(page, `Application/${applicationId}/documents/${w9}/file`, { method: 'POST', pdf: PDF });

  // The worker, in a browser of their own.
  const workerContext = await browser.newContext({ baseURL: BASE_URL });
  const worker = await workerContext.newPage();
  await signIn(worker, DEMO.worker.email, DEMO.worker.password, '/staff');
  await expect(worker.getByRole('heading', { level: 1, name: 'Applications to review' })).toBeVisible();
  await expect(worker).toHaveTitle(/^Review queue – /);
  await worker.getByLabel('Provider name or application number').fill(businessName);
  await worker.getByRole('button', { name: 'Apply' }).click();
  const table = worker.getByRole('table', { name: /Applications to review/ });
  const row = table.getByRole('row').filter({ hasText: businessName });
  await expect(row).toContainText('Polk');
  await expect(row).toContainText('Submitted');
  await expectNoAxeViolations(worker);
  await row.getByRole('button', { name: `Assign ${businessName} to me` }).click();
  await expect(row).toContainText('Me');
  await row.getByRole('link', { name: businessName }).click();

  await expect(worker).toHaveURL(new RegExp(`/staff/applications/${applicationId}$`));
  await expect(worker.getByRole('heading', { level: 1, name: businessName })).toBeVisible();
  await expect(worker.getByRole('heading', { name: 'Provider information' })).toBeVisible();
  await worker.getByRole('button', { name: 'View IRS Form W-9' }).click();
  await expect(worker.locator('iframe[title="Preview of IRS Form W-9"]')).toBeVisible();
  await expectNoAxeViolations(worker);

  await worker.getByRole('button', { name: 'Start review' }).click();
  let dialog = worker.getByRole('alertdialog', { name: 'Start the review?' });
  await dialog.getByRole('button', { name: 'Start review' }).click();
  await expect(worker.getByText('Done: the application is now In review.')).toBeVisible();

  // Denying needs a reason: the dialog says so and sends nothing; then approve instead.
  await worker.getByRole('button', { name: 'Deny' }).click();
  dialog = worker.getByRole('alertdialog', { name: 'Deny this application?' });
  await dialog.getByRole('button', { name: 'Deny' }).click();
  await expect(dialog.getByText('Enter the reason.')).toBeVisible();
  await expectNoAxeViolations(worker);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await worker.getByRole('button', { name: 'Approve' }).click();
  dialog = worker.getByRole('alertdialog', { name: 'Approve this application?' });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(worker.getByText('Done: the application is now Approved.')).toBeVisible();
  const trail = worker.getByRole('table', { name: 'Audit trail, newest first' });
  for (const action of [
    'application.submitted',
    'application.assigned',
    'document.uploaded',
    'application.start-review',
    'application.approve',
  ]) {
    await expect(trail).toContainText(action);
  }
  await workerContext.close();

  await page.goto('/dashboard');
  await expect(page.getByText('Approved', { exact: true }).first()).toBeVisible();
});

const MODES = {
  light: {},
  dark: { theme: 'dark' },
  'Arabic, right-to-left': { locale: 'ae', direction: 'rtl' },
} as const;

for (const [mode, settings] of Object.entries(MODES)) {
  test(`every staff page is axe clean in ${mode}, at 320 px`, async ({ browser, page }) => {
    test.setTimeout(120_000);
    // An application for the review page, submitted by the demo applicant over the API.
    const applicantContext = await browser.newContext({ baseURL: BASE_URL });
    const applicant = await applicantContext.newPage();
    await signIn(applicant, DEMO.applicant.email, DEMO.applicant.password);
    const application = polkApplication(`Axe Check ${mode} ${Date.now()}`);
    const draftId = await saveDraftAsUser(applicant, application);
    const { applicationId } = await callApi<{ applicationId: number }>(applicant, 'Application', {
      method: 'POST',
      json: { draftApplicationId: draftId, applicationJson: JSON.stringify(application) },
    });
    await applicantContext.close();

    await signIn(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/pages/error404');
    await page.evaluate((value) => localStorage.setItem('ui-settings', JSON.stringify(value)), settings);
    await page.setViewportSize({ width: 320, height: 720 });
    for (const path of ['/staff', `/staff/applications/${applicationId}`, '/analytics', '/staff/audit']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
      await expect(page.getByRole('table').first(), path).toBeVisible();
      await expect(page, path).toHaveTitle(/ – /);
      if (mode.startsWith('Arabic')) await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expectNoAxeViolations(page);
      // Wide tables scroll inside their own box; the page itself never scrolls sideways.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
}

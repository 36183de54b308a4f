import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { completeApplication } from '../../apps/api/test/application-fixture';
import { pdf } from '../../apps/api/test/document-files';
import { createAccount, DEMO, signIn } from '../support/auth';
import { submitThroughWizard } from '../support/drafts';
import { BASE_URL } from '../support/env';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { keyboard } from '../support/keyboard';

// Issue #9's "done when": the whole story with two browsers (three, with the administrator's).

/** Calls the API from the page with the signed-in user's token; a PDF goes up as multipart. */
function callApi<T>(page: Page, path: string, init: { method?: string; pdf?: string } = {}) {
  return page.evaluate(
    async ({ path, init }) => {
      const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
      const token = key
        ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token
        : '';
      let body: FormData | undefined;
      if (init.pdf !== undefined) {
        body = new FormData();
        body.append('file', new Blob([init.pdf], { type: 'application/pdf' }), 'w9.pdf');
      }
      const response = await fetch(`/api/${path}`, {
        method: init.method ?? 'GET',
        headers: { authorization: `Bearer ${token}` },
        body,
      });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return (await response.json()) as T;
    },
    { path, init },
  );
}

/** The hue of an element's background (CIELAB, as Chromium computes it): green or amber. */
async function hueOf(element: Locator): Promise<'green' | 'amber' | 'other'> {
  const colour = await element.evaluate((node) => getComputedStyle(node).backgroundColor);
  const [, a = 0, b = 0] = (/lab\(([-\d.]+) ([-\d.]+) ([-\d.]+)/.exec(colour) ?? []).slice(1).map(Number);
  if (a < -3) return 'green';
  if (b > 5 && a > -3) return 'amber';
  return 'other';
}

/** Today as the RFI list writes it: 'dd MMM, yyyy' (spec section 9). */
function rfiToday() {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { day: '2-digit', month: 'short', year: 'numeric' })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day} ${parts.month}, ${parts.year}`;
}

const W9 = `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`;

test('an applicant submits; the Polk worker reviews, asks for information, completes it and approves; the provider is listed; the trail has it all', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const businessName = `Hazel Grove Care ${Date.now()}`;

  // 1. The applicant: a new account, the application (care in Polk county, listed in the public
  //    search) submitted on the wizard's review page, and the W-9 uploaded.
  await createAccount(page, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const application = completeApplication('registeredprovider');
  await submitThroughWizard(
    page,
    {
      ...application,
      providerInfo: { ...application.providerInfo, businessName },
      address: { ...application.address, county: 'Polk' },
    },
    { listInDirectory: true },
  );
  const dashboard = await callApi<{
    applicationId: number;
    providerApplication: { missingDocuments: { documentId: number }[] };
  }>(page, 'Dashboard/get-dashboard');
  const { applicationId } = dashboard;
  const w9 = dashboard.providerApplication.missingDocuments[0]!.documentId;
  await callApi(page, `Application/${applicationId}/documents/${w9}/file`, { method: 'POST', pdf: W9 });

  // 2. The Polk service worker, in a browser of their own, finds it in the queue.
  const workerContext = await browser.newContext({ baseURL: BASE_URL });
  const worker = await workerContext.newPage();
  const keys = keyboard(worker);
  await signIn(worker, DEMO.worker.email, DEMO.worker.password, '/staff');
  await expect(worker.getByRole('heading', { level: 1, name: 'Applications to review' })).toBeVisible();
  await worker.getByLabel('Provider name or application number').fill(businessName);
  await worker.getByRole('button', { name: 'Apply' }).click();
  const row = worker
    .getByRole('table', { name: /Applications to review/ })
    .getByRole('row')
    .filter({
      hasText: businessName,
    });
  await expect(row).toContainText('Polk');
  await expect(row).toContainText('Submitted');
  await expect(row).toContainText('None open');
  await expectNoAxeViolations(worker);

  // 3. Opens it and views the uploaded document in the page.
  await row.getByRole('link', { name: businessName }).click();
  await expect(worker).toHaveURL(new RegExp(`/staff/applications/${applicationId}$`));
  await expect(worker.getByRole('heading', { level: 1, name: businessName })).toBeVisible();
  await worker.getByRole('button', { name: 'View IRS Form W-9' }).click();
  await expect(worker.locator('iframe[title="Preview of IRS Form W-9"]')).toBeVisible();

  // 4. Requests information from the review page, keyboard only.
  const rfis = worker.getByRole('region', { name: 'Requests for information' });
  await expect(rfis.getByText('There are no requests for information on this application yet.')).toBeVisible();
  const request = rfis.getByRole('form', { name: 'Request an RFI' });
  const note = request.getByRole('textbox', { name: 'Your request to the applicant' });
  await expect(note).toHaveAttribute('placeholder', 'Enter your request');
  await expect(request.getByRole('button', { name: 'Send' })).toBeDisabled();
  await note.focus();
  await worker.keyboard.press('Tab');
  await expect(request.getByText('Service worker comment is required.')).toBeVisible();
  await expectNoAxeViolations(worker);
  await keys.type(note, 'Please send your current CPR certificate.');
  await keys.press(request.getByRole('button', { name: 'Send' }));
  await expect(rfis.getByText('Your request was sent to the applicant.')).toBeVisible();
  await expect(note).toHaveValue('');
  await expect(rfis.getByRole('article')).toHaveCount(1);
  await expect(worker.locator('dd').filter({ hasText: /^Information requested$/ })).toBeVisible();

  // 5. The applicant answers on the RFI page with a comment and a file, keyboard only.
  await page.goto(`/rfi-v1/${applicationId}`);
  const item = page.getByRole('article');
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('heading', { level: 3 })).toHaveText(rfiToday());
  await expect(item).toContainText('Status: Pending');
  await expect(item).toContainText(`Created by ${DEMO.worker.name}`);
  await expect(item).toContainText('Requested:Please send your current CPR certificate.');
  expect(await hueOf(item.locator('[data-status="pending"]'))).toBe('amber');
  const reply = page.getByRole('form', { name: 'Reply to RFI' });
  const applicantKeys = keyboard(page);
  await applicantKeys.type(reply.getByRole('textbox', { name: 'Your response' }), 'Here is my CPR certificate.');
  await applicantKeys.press(reply.getByRole('button', { name: 'Send' }));
  await expect(reply.getByText('Array must contain at least one file.')).toBeVisible();
  const certificate = pdf(4096);
  const chooser = page.waitForEvent('filechooser');
  await applicantKeys.press(reply.getByRole('button', { name: 'Choose a file' }));
  await (await chooser).setFiles({ name: 'cpr-certificate.pdf', mimeType: 'application/pdf', buffer: certificate });
  await expect(reply.getByRole('list', { name: 'Chosen files' })).toContainText('cpr-certificate.pdf');
  await expectNoAxeViolations(page);
  await applicantKeys.press(reply.getByRole('button', { name: 'Send' }));
  await expect(page.getByText('Your reply was sent to the service worker.')).toBeVisible();
  await expect(item).toContainText("Applicant's Response:Here is my CPR certificate.");

  // 6. The worker, back on the review page, downloads the file byte for byte, completes the
  //    request (the application is in review again) and approves.
  await worker.reload();
  await expect(rfis).toContainText("Applicant's Response:Here is my CPR certificate.");
  const download = worker.waitForEvent('download');
  await keys.press(rfis.getByRole('button', { name: /^cpr-certificate\.pdf \(download\)$/ }));
  expect(fs.readFileSync(await (await download).path()).equals(certificate)).toBe(true);
  await keys.press(rfis.getByRole('button', { name: /^Mark completed/ }));
  await expect(rfis.getByRole('article')).toContainText('Status: Completed');
  expect(await hueOf(rfis.locator('[data-status="completed"]'))).toBe('green');
  await expect(worker.locator('dd').filter({ hasText: /^In review$/ })).toBeVisible();
  await expectNoAxeViolations(worker);
  await worker.getByRole('button', { name: 'Approve' }).click();
  const dialog = worker.getByRole('alertdialog', { name: 'Approve this application?' });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(worker.getByText('Done: the application is now Approved.')).toBeVisible();
  // Staff may no longer ask once it is decided.
  await expect(rfis.getByRole('form', { name: 'Request an RFI' })).toHaveCount(0);

  // 7. The trail on the application page lists every step, in order (newest first).
  const steps = [
    'application.approve',
    'application.status-changed',
    'rfi.completed',
    'rfi.answered',
    'application.status-changed',
    'rfi.requested',
    'document.uploaded',
    'application.submitted',
  ];
  const actions = worker.getByRole('table', { name: 'Audit trail, newest first' }).locator('tbody code');
  await expect.poll(() => actions.allInnerTexts()).toEqual(steps);
  await expectNoAxeViolations(worker);
  await workerContext.close();

  // 8. Anyone finds the provider in the public search now.
  await page.goto('/ProviderSearch');
  await page.getByRole('button', { name: 'More search options' }).click();
  await page.getByLabel('Business name').fill(businessName);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(
    page.getByRole('region', { name: 'Results' }).getByRole('listitem').filter({ hasText: businessName }).first(),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // 9. The applicant sees the decision on the dashboard (the fixture checks this last page with axe).
  await page.goto('/dashboard');
  await expect(page.getByText('Approved', { exact: true }).first()).toBeVisible();

  // 10. An administrator finds the same steps in the audit search, and the worker's sign-in.
  const adminContext = await browser.newContext({ baseURL: BASE_URL });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin.email, DEMO.admin.password, '/staff/audit');
  const search = admin.getByRole('search', { name: 'Search the audit trail' });
  await search.getByLabel('Record number').fill(String(applicationId));
  // The changes only: the reads of the application are entries of their own (ADR 084).
  await search.getByLabel('Kind').selectOption('change');
  await search.getByRole('button', { name: 'Apply' }).click();
  const found = admin.getByRole('table', { name: 'Audit entries, newest first' });
  await expect(admin.getByText(/^Entries found: \d+$/)).toBeVisible();
  // A record number is any record's: another application's document may have the same one, and
  // its entry says which application it belongs to. This application's entries are the steps.
  const others = new RegExp(`applicationId: (?!${applicationId}\\b)\\d+`);
  await expect(found.locator('tbody tr').filter({ hasNotText: others })).toHaveCount(steps.length);
  for (const step of new Set(steps)) await expect(found).toContainText(step);
  await expect(found).toContainText(DEMO.worker.email);
  await expectNoAxeViolations(admin);
  await search.getByLabel('Record number').fill('');
  await search.getByLabel('Who (name or email)').fill(DEMO.worker.email);
  await search.getByLabel('Action').fill('staff.signed-in');
  await search.getByRole('button', { name: 'Apply' }).click();
  await expect(found.getByRole('row').filter({ hasText: 'staff.signed-in' }).first()).toBeVisible();
  await adminContext.close();
});

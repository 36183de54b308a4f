import fs from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { completeApplication } from '../../apps/api/test/application-fixture';
import { pdf } from '../../apps/api/test/document-files';
import { createAccount, DEMO, signIn } from '../support/auth';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { keyboard } from '../support/keyboard';

/** Calls the API as the signed-in user of the page, with the token the web app holds. */
async function callApi<T>(page: Page, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ path, body }) => {
      const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
      const token = key
        ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token
        : '';
      const response = await fetch(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: (await response.json()) as never };
    },
    { path, body },
  );
}

/** A new provider with a submitted application whose care happens in Polk county (the demo worker's). */
async function applicantWithApplication(page: Page): Promise<number> {
  await createAccount(page, '/users/profile');
  await expect(page).toHaveURL(/\/users\/profile$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const application = completeApplication('registeredprovider');
  application.address = { ...application.address, county: 'Polk' };
  const applicationJson = JSON.stringify(application);
  const draft = await callApi<{ id: number }>(page, '/api/Application/save-my-draft-applications', {
    id: 0,
    userEmail: '',
    applicationJson,
  });
  const submitted = await callApi<{ applicationId: number }>(page, '/api/Application', {
    draftApplicationId: draft.json.id,
    applicationJson,
  });
  expect(submitted.status).toBe(201);
  return submitted.json.applicationId;
}

async function workerPage(browser: Browser, applicationId: number) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, DEMO.worker.email, DEMO.worker.password, `/rfi-v1/${applicationId}`);
  return page;
}

/**
 * The hue family of an element's background as Chromium computes it (CIELAB): green has a
 * clearly negative a*, amber a clearly positive b* and an a* near zero or above.
 */
async function hueOf(element: Locator): Promise<'green' | 'amber' | 'other'> {
  const colour = await element.evaluate((node) => getComputedStyle(node).backgroundColor);
  const [, a = 0, b = 0] = (/lab\(([-\d.]+) ([-\d.]+) ([-\d.]+)/.exec(colour) ?? []).slice(1).map(Number);
  if (a < -3) return 'green';
  if (b > 5 && a > -3) return 'amber';
  return 'other';
}

const today = () =>
  new Intl.DateTimeFormat('en-US', { day: '2-digit', month: 'short', year: 'numeric' })
    .formatToParts(new Date())
    .reduce<Record<string, string>>((parts, part) => ({ ...parts, [part.type]: part.value }), {});

test('a service worker requests information, the applicant answers with a PDF, the worker downloads it and completes the RFI', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const applicationId = await applicantWithApplication(page);

  // The service worker of Polk county, keyboard only.
  const worker = await workerPage(browser, applicationId);
  const keys = keyboard(worker);
  await expect(worker.getByRole('heading', { level: 1, name: 'Requests for information' })).toBeVisible();
  await expect(worker.getByText('There are no requests for information on this application yet.')).toBeVisible();
  const request = worker.getByRole('form', { name: 'Request an RFI' });
  const note = request.getByRole('textbox', { name: 'Your request to the applicant' });
  await expect(note).toHaveAttribute('placeholder', 'Enter your request');
  await expect(request.getByRole('button', { name: 'Send' })).toBeDisabled();
  await note.focus();
  await worker.keyboard.press('Tab');
  await expect(request.getByText('Service worker comment is required.')).toBeVisible();
  await expectNoAxeViolations(worker);
  await keys.type(note, 'Please send your current CPR certificate.');
  await keys.press(request.getByRole('button', { name: 'Send' }));
  await expect(worker.getByText('Your request was sent to the applicant.')).toBeVisible();
  await expect(note).toHaveValue('');

  // The applicant sees it on the dashboard's data and on the RFI page.
  const dashboard = await callApi<{ providerApplication: { status: string; openRfiCount: number } }>(
    page,
    '/api/Dashboard/get-dashboard',
  );
  expect(dashboard.json.providerApplication).toMatchObject({ status: 'information-requested', openRfiCount: 1 });
  await page.goto(`/rfi-v1/${applicationId}`);
  const item = page.getByRole('article');
  await expect(item).toHaveCount(1);
  const { day, month, year } = today();
  await expect(item.getByRole('heading', { level: 3 })).toHaveText(`${day} ${month}, ${year}`);
  await expect(item).toContainText('Status: Pending');
  await expect(item).toContainText(`Created by ${DEMO.worker.name}`);
  await expect(item).toContainText('Requested:Please send your current CPR certificate.');
  // Pending in the warning colour (amber), and in words.
  expect(await hueOf(item.locator('[data-status="pending"]'))).toBe('amber');

  // The reply, keyboard only: the comment, the file chooser opened with Enter, Send.
  const reply = page.getByRole('form', { name: 'Reply to RFI' });
  const applicantKeys = keyboard(page);
  await applicantKeys.type(reply.getByRole('textbox', { name: 'Your response' }), 'Here is my CPR certificate.');
  await applicantKeys.press(reply.getByRole('button', { name: 'Send' }));
  await expect(reply.getByText('Array must contain at least one file.')).toBeVisible();
  const bytes = pdf(4096);
  const chooser = page.waitForEvent('filechooser');
  await applicantKeys.press(reply.getByRole('button', { name: 'Choose a file' }));
  await (await chooser).setFiles({ name: 'cpr-certificate.pdf', mimeType: 'application/pdf', buffer: bytes });
  await expect(reply.getByRole('list', { name: 'Chosen files' })).toContainText(/cpr-certificate-[0-9a-f]{8}\.pdf/);
  await expectNoAxeViolations(page);
  await applicantKeys.press(reply.getByRole('button', { name: 'Send' }));
  await expect(page.getByText('Your reply was sent to the service worker.')).toBeVisible();
  await expect(reply.getByRole('list', { name: 'Chosen files' })).toHaveCount(0);
  await expect(item).toContainText("Applicant's Response:Here is my CPR certificate.");

  // The worker downloads the PDF byte for byte, then marks the RFI completed.
  await worker.reload();
  const document = worker.getByRole('button', { name: /^cpr-certificate-[0-9a-f]{8}\.pdf \(download\)$/ });
  const download = worker.waitForEvent('download');
  await keys.press(document);
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^cpr-certificate-[0-9a-f]{8}\.pdf$/);
  expect(fs.readFileSync(await file.path()).equals(bytes)).toBe(true);
  await keys.press(worker.getByRole('button', { name: /^Mark completed/ }));
  const done = worker.getByRole('article');
  await expect(done).toContainText('Status: Completed');
  expect(await hueOf(done.locator('[data-status="completed"]'))).toBe('green');
  await expect(worker.getByRole('button', { name: /^Mark completed/ })).toHaveCount(0);
  await expectNoAxeViolations(worker);

  // Back in review; the applicant has nothing left to answer.
  const after = await callApi<{ providerApplication: { status: string; openRfiCount: number } }>(
    page,
    '/api/Dashboard/get-dashboard',
  );
  expect(after.json.providerApplication).toMatchObject({ status: 'in-review', openRfiCount: 0 });
  await page.reload();
  await expect(page.getByText('No request is waiting for your answer.')).toBeVisible();
  await worker.context().close();
});

const DISPLAYS = {
  dark: { theme: 'dark' },
  'Arabic, right-to-left': { locale: 'ae', direction: 'rtl' },
} as const;

for (const [display, settings] of Object.entries(DISPLAYS)) {
  test(`the RFI page is axe clean and fits 320px in ${display}, for staff and for the applicant`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const applicationId = await applicantWithApplication(page);
    const worker = await workerPage(browser, applicationId);
    await worker.getByRole('textbox').first().fill('Please send a photo ID.');
    await worker.getByRole('button', { name: 'Send' }).click();
    await expect(worker.getByRole('article')).toHaveCount(1);

    for (const viewer of [worker, page]) {
      await viewer.evaluate((value) => localStorage.setItem('ui-settings', JSON.stringify(value)), settings);
      await viewer.setViewportSize({ width: 320, height: 720 });
      await viewer.goto(`/rfi-v1/${applicationId}`);
      await expect(viewer.getByRole('article')).toHaveCount(1);
      if (display.startsWith('Arabic')) await expect(viewer.locator('html')).toHaveAttribute('dir', 'rtl');
      // An error state too.
      if (viewer === worker) {
        await viewer.locator('#rfi-comment').focus();
        await viewer.keyboard.press('Tab');
        await expect(viewer.locator('#rfi-comment-error')).toBeVisible();
      } else {
        await viewer.locator('form button[type="submit"]').click();
        await expect(viewer.locator('#rfi-file-error')).toBeVisible();
      }
      await expectNoAxeViolations(viewer);
      const overflow = await viewer.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'the RFI page scrolls sideways').toBeLessThanOrEqual(0);
    }
    await worker.context().close();
  });
}

import type { Browser, Page } from '@playwright/test';
import { completeApplication } from '../../apps/api/test/application-fixture';
import { createAccount, DEMO, signIn } from '../support/auth';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

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

// The RFI round trip (request from the staff review page, the applicant's answer with a file on
// this page, download, completion) is part of staff-story.spec.ts.

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

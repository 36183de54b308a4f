import type { Page } from '@playwright/test';
import { completeApplication } from '../../apps/api/test/application-fixture';
import { DEMO, signIn } from '../support/auth';
import { saveDraftAsUser } from '../support/drafts';
import { BASE_URL } from '../support/env';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

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
function callApi<T>(page: Page, path: string, init: { method?: string; json?: unknown } = {}) {
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
      }
      const response = await fetch(`/api/${path}`, { method: init.method ?? 'GET', headers, body });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return (await response.json()) as T;
    },
    { path, init },
  );
}

// The whole story (applicant, worker, RFI, approval, search, dashboard, audit) is staff-story.spec.ts.

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

import type { Page } from '@playwright/test';
import { DEMO, signIn } from '../support/auth';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

const PUBLIC_PAGES = [
  '/',
  '/childcareEligibilityInfo',
  '/documentandforms',
  '/contactUsComponent',
  '/LicensedProviderInfo',
  '/pages/faq',
  '/pages/knowledge-base',
  '/pages/contact-us-boxed',
  '/pages/contact-us-cover',
  '/pages/coming-soon-boxed',
  '/pages/coming-soon-cover',
  '/pages/maintenence',
  '/pages/error404',
  '/pages/error500',
  '/pages/error503',
  '/auth/boxed-signup',
  '/auth/boxed-password-reset',
  '/auth/error?error=access_denied',
  '/dev/mail',
  '/no/such/page',
  // Last: it clears local storage, settings included, as signing out does.
  '/auth/signed-out',
];
const SIGNED_IN_PAGES = [
  '/users/profile',
  '/users/user-account-settings',
  '/staff/admin',
  '/staff/admin/announcements',
  '/staff?kind=change',
  '/staff/exports',
  '/dashboard',
  '/registeredapplication',
  '/apps/mailbox',
  '/my-provider-record/availability',
  '/my-provider-record',
];

const MODES = {
  light: {},
  dark: { theme: 'dark' },
  'Arabic, right-to-left': { locale: 'ae', direction: 'rtl' },
} as const;

async function useSettings(page: Page, settings: object) {
  await page.goto('/pages/error404');
  await page.evaluate((value) => localStorage.setItem('ui-settings', JSON.stringify(value)), settings);
}

/** Each page: one visible h1, a descriptive title, axe clean, nothing scrolling sideways at 320px. */
async function checkPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
  await expect(page, path).toHaveTitle(/ – /);
  await expectNoAxeViolations(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
}

for (const [mode, settings] of Object.entries(MODES)) {
  test(`every public page in ${mode}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 320, height: 720 });
    await useSettings(page, settings);
    for (const path of PUBLIC_PAGES) {
      await checkPage(page, path);
      if (mode.startsWith('Arabic') && path !== '/auth/signed-out')
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    }
  });

  test(`every signed-in page in ${mode}`, async ({ page }) => {
    test.setTimeout(120_000);
    // Sign in first (the helper reads the English labels), then switch the display.
    await signIn(page, DEMO.admin.email, DEMO.admin.password);
    await useSettings(page, settings);
    await page.setViewportSize({ width: 320, height: 720 });
    for (const path of SIGNED_IN_PAGES) await checkPage(page, path);
  });
}

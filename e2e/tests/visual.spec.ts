import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { applicantWithApplication } from '../support/api';
import { createAccount, DEMO, signIn } from '../support/auth';
import { COMPARE_SCREENSHOTS } from '../support/env';
import { expect, settleAnimations, test } from '../support/fixtures';
import { checkLayout } from '../support/layout';

/**
 * What a person sees, on every route and with every dialog open, in light, dark and Arabic
 * right-to-left, at 320 and 1280 px:
 *
 * - a layout check that needs no baseline (support/layout.ts): nothing past the viewport's
 *   edges, no two controls on top of each other, every open dialog centred;
 * - a screenshot of the viewport compared with the committed baseline
 *   (visual.spec.ts-snapshots/), tolerant to font hinting, with what changes from run to run
 *   (dates, ids, other tests' data, the map) masked.
 *
 * After an intended change: `npm run test:visual:update` rewrites the baselines (docs/testing.md).
 * A failing comparison leaves the expected, actual and diff images in e2e/test-results/.
 */

const WIDTHS = [320, 1280] as const;
const HEIGHT = 800;
const MODES = {
  light: { settings: { theme: 'light', direction: 'ltr', locale: 'en' }, locale: 'en' },
  dark: { settings: { theme: 'dark', direction: 'ltr', locale: 'en' }, locale: 'en' },
  arabic: { settings: { theme: 'light', direction: 'rtl', locale: 'ae' }, locale: 'ae' },
} as const;
type Mode = keyof typeof MODES;

/** A string of the portal in a mode's language, to find a control by its name in any of them. */
const messages = Object.fromEntries(
  (['en', 'ae'] as const).map((locale) => [
    locale,
    JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, `../../packages/locales/src/${locale}.json`), 'utf8'),
    ) as Record<string, unknown>,
  ]),
);
function say(mode: Mode, key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      messages[MODES[mode].locale],
    );
  if (typeof value !== 'string') throw new Error(`no string ${key}`);
  return value;
}

/** Whatever changes from one run to the next, on every page: dates and times, the map. */
const ALWAYS_MASKED = ['time', '.leaflet-container', '[data-volatile]'];

interface Route {
  name: string;
  path: string;
  /** What else on this page changes from run to run (other tests' data, ids, counts). */
  mask?: string[];
}

const PUBLIC_ROUTES: Route[] = [
  { name: 'home', path: '/' },
  { name: 'eligibility', path: '/childcareEligibilityInfo' },
  { name: 'documents-and-forms', path: '/documentandforms' },
  { name: 'contact', path: '/contactUsComponent' },
  { name: 'licensed-provider', path: '/LicensedProviderInfo' },
  { name: 'faq', path: '/pages/faq' },
  { name: 'knowledge-base', path: '/pages/knowledge-base' },
  { name: 'contact-boxed', path: '/pages/contact-us-boxed' },
  { name: 'contact-cover', path: '/pages/contact-us-cover' },
  { name: 'coming-soon-boxed', path: '/pages/coming-soon-boxed' },
  { name: 'coming-soon-cover', path: '/pages/coming-soon-cover' },
  { name: 'maintenance', path: '/pages/maintenence' },
  { name: 'error404', path: '/pages/error404' },
  { name: 'error500', path: '/pages/error500' },
  { name: 'error503', path: '/pages/error503' },
  { name: 'sign-up', path: '/auth/boxed-signup' },
  { name: 'password-reset', path: '/auth/boxed-password-reset' },
  { name: 'sign-in-error', path: '/auth/error?error=access_denied' },
  { name: 'not-found', path: '/no/such/page' },
  // Other tests' mails and the search's results change from run to run.
  // How many mails there are moves everything below them: the whole list and the footer.
  { name: 'dev-mail', path: '/dev/mail', mask: ['main > * > :not(h1)', 'main section', 'main article', 'footer'] },
  { name: 'provider-search', path: '/ProviderSearch', mask: ['main ul', 'main ol', 'main [aria-live]'] },
];

/** A new provider's own pages: nobody else's data is on them. */
const APPLICANT_ROUTES: Route[] = [
  { name: 'dashboard', path: '/dashboard' },
  // Its address is made for this run.
  { name: 'profile', path: '/users/profile' },
  { name: 'account-settings', path: '/users/user-account-settings', mask: ['main input[type="email"]'] },
  { name: 'start-application', path: '/registeredapplication' },
  { name: 'wizard-first-step', path: '/registeredapplication/registration/registeredprovider' },
  { name: 'notifications', path: '/apps/mailbox', mask: ['main ul', 'main ol'] },
];

/** The staff pages show every application, which other tests add to while this one runs. */
const STAFF_VOLATILE = ['main table', 'main dd', 'main ul', 'main ol', 'main [role="status"]', 'main h1 + p'];
const STAFF_ROUTES: Route[] = [
  { name: 'staff-queue', path: '/staff', mask: STAFF_VOLATILE },
  { name: 'analytics', path: '/analytics', mask: [...STAFF_VOLATILE, 'main section'] },
  { name: 'audit', path: '/staff/audit', mask: STAFF_VOLATILE },
  { name: 'staff-admin', path: '/staff/admin', mask: STAFF_VOLATILE },
];

async function useMode(page: Page, mode: Mode) {
  await page.evaluate((value) => localStorage.setItem('ui-settings', JSON.stringify(value)), MODES[mode].settings);
}

/** The page as loaded: its heading shown, no spinner, fonts in, animations ended. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('main [aria-busy="true"], main .animate-spin')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  await settleAnimations(page);
}

/** The layout check and the screenshot of one state of a page. */
async function look(page: Page, shot: string, mask: string[] = [], target?: Locator) {
  const masks = [...ALWAYS_MASKED, ...mask].map((selector) => page.locator(selector));
  // The account's own address, made for this run (in the header and on the profile).
  if (accountEmail) masks.push(page.getByText(accountEmail, { exact: true }));
  const findings = await checkLayout(page);
  expect(findings, `${shot}: the layout`).toEqual({ overflow: [], overlaps: [], dialogs: [] });
  const options = {
    animations: 'disabled' as const,
    caret: 'hide' as const,
    scale: 'css' as const,
    maxDiffPixelRatio: 0.015,
    mask: masks,
  };
  // The baselines are compared by `npm run test:visual` only: within `npm test` some public pages
  // still differed between two runs on one machine, so there they would fail at random.
  if (!COMPARE_SCREENSHOTS) return;
  if (target) await expect(target, shot).toHaveScreenshot(`${shot}.png`, options);
  else await expect(page, shot).toHaveScreenshot(`${shot}.png`, options);
}

/** Each route in each width, in one mode: one load per route, both widths from it. */
async function lookAtRoutes(page: Page, mode: Mode, routes: Route[]) {
  for (const route of routes) {
    await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
    await page.goto(route.path);
    await settle(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      await page.evaluate(() => window.scrollTo(0, 0));
      await settleAnimations(page);
      await look(page, `${route.name}-${mode}-${width}`, route.mask);
    }
  }
}

/** Opens a dialog (each width), looks at it, and closes it with Escape. */
async function lookAtDialog(
  page: Page,
  shot: string,
  open: (width: number) => Promise<void>,
  mask: string[] = [],
  onlyTheDialog = false,
) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    await open(width);
    const dialog = page.locator('dialog[open]').last();
    await expect(dialog).toBeVisible();
    await settleAnimations(page);
    await look(page, `${shot}-${width}`, mask, onlyTheDialog ? dialog : undefined);
    await page.keyboard.press('Escape');
    await expect(page.locator('dialog[open]')).toHaveCount(0);
  }
}

/** Opens the sidebar on a narrow screen (it is always there on a wide one). */
async function openMenu(page: Page, mode: Mode, width: number) {
  if (width < 1024) await page.getByRole('button', { name: say(mode, 'nav.openMenu'), exact: true }).click();
}

/** The address of the account this worker's test signed up, masked wherever it shows. */
let accountEmail: string | undefined;

const signedInPage = async (browser: Browser) => (await browser.newContext()).newPage();

for (const mode of Object.keys(MODES) as Mode[]) {
  test(`public pages and the settings drawer look right in ${mode}`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.goto('/pages/error404');
    await useMode(page, mode);
    await lookAtRoutes(page, mode, PUBLIC_ROUTES);
    await page.goto('/');
    await settle(page);
    await lookAtDialog(page, `settings-drawer-${mode}`, async () => {
      await page.getByRole('button', { name: say(mode, 'settings.open'), exact: true }).click();
    });
  });
}

test('a provider’s own pages and the Create dialog look right in every mode', async ({ page }) => {
  test.setTimeout(300_000);
  accountEmail = (await createAccount(page, '/dashboard')).email;
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const mode of Object.keys(MODES) as Mode[]) {
    await useMode(page, mode);
    await lookAtRoutes(page, mode, APPLICANT_ROUTES);
    // Go To RFI without an application: the dashboard says why it opened instead.
    await page.goto('/rfi-v1');
    await expect(page).toHaveURL(/\/dashboard$/);
    await settle(page);
    await lookAtDialog(page, `create-dialog-${mode}`, async (width) => {
      await openMenu(page, mode, width);
      await page
        .getByRole('navigation', { name: say(mode, 'nav.sidebarLabel') })
        .getByRole('button', { name: say(mode, 'nav.create'), exact: true })
        .click();
    });
  }
});

test('the staff pages and the "Start the review?" confirmation look right in every mode', async ({ page, browser }) => {
  test.setTimeout(300_000);
  // An application of its own to review, submitted by a new provider in another browser.
  const applicant = await signedInPage(browser);
  const applicationId = await applicantWithApplication(applicant);
  await applicant.context().close();

  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  for (const mode of Object.keys(MODES) as Mode[]) {
    await useMode(page, mode);
    await lookAtRoutes(page, mode, STAFF_ROUTES);
    await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
    await page.goto(`/staff/applications/${applicationId}`);
    await settle(page);
    // The review page behind holds this run's ids and times: the dialog's own picture is
    // compared, and the layout check still measures it against the whole viewport.
    await lookAtDialog(
      page,
      `start-review-dialog-${mode}`,
      async () => {
        await page.getByRole('button', { name: say(mode, 'staff.actions.start-review.button'), exact: true }).click();
      },
      [],
      true,
    );
  }
});

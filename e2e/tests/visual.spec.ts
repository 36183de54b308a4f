import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { applicantWithApplication, approveApplication, polkApplication, submitApplication } from '../support/api';
import { createAccount, DEMO, signIn } from '../support/auth';
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

/**
 * Whatever changes from one run to the next, on every page: dates and times, the map, and the
 * footer (the copyright's year is this year).
 */
const ALWAYS_MASKED = ['time', '.leaflet-container', '[data-volatile]', 'footer'];

interface Route {
  name: string;
  path: string;
  /** What else on this page changes from run to run (other tests' data, ids, counts). */
  mask?: string[];
  /**
   * What is pictured when the page's height is other tests' data, which moves everything below
   * it: one element that stays the same (a CSS selector), or nothing (`false`: the layout check
   * only). The whole viewport when left out.
   */
  picture?: string | false;
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
  // The mails are other tests': how many there are sets the whole page's height.
  { name: 'dev-mail', path: '/dev/mail', picture: false },
  // The search's results change from run to run.
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

/**
 * An approved provider's record pages: the record, closures and openings, and a new change. The
 * record's dates are this run's, and its history lists this run's versions.
 */
const RECORD_VOLATILE = ['main dd', 'main ol', 'main input[type="date"]', 'main p[aria-live]'];
const RECORD_ROUTES: Route[] = [
  { name: 'my-provider-record', path: '/my-provider-record', mask: RECORD_VOLATILE },
  { name: 'availability', path: '/my-provider-record/availability', mask: RECORD_VOLATILE },
  { name: 'new-change', path: '/my-provider-record/changes/new', mask: RECORD_VOLATILE },
];

/**
 * The staff pages show every application and staff member, which other tests add to while this
 * one runs: their tables grow, so their filters (or figures) alone are pictured.
 */
const STAFF_VOLATILE = ['main table', 'main dd', 'main ul', 'main ol', 'main [role="status"]', 'main h1 + p'];
const STAFF_ROUTES: Route[] = [
  { name: 'staff-queue', path: '/staff', mask: STAFF_VOLATILE, picture: 'main form' },
  { name: 'staff-changes', path: '/staff?kind=change', mask: STAFF_VOLATILE, picture: 'main form' },
  { name: 'analytics', path: '/analytics', mask: STAFF_VOLATILE, picture: 'main dl' },
  { name: 'audit', path: '/staff/audit', mask: STAFF_VOLATILE, picture: 'main form' },
  { name: 'staff-exports', path: '/staff/exports', mask: STAFF_VOLATILE, picture: 'main h1' },
  { name: 'staff-admin', path: '/staff/admin', mask: STAFF_VOLATILE, picture: 'main form' },
  {
    name: 'announcements',
    path: '/staff/admin/announcements',
    mask: [...STAFF_VOLATILE, '[data-testid="audience-count"]'],
    picture: 'main form',
  },
];

async function useMode(page: Page, mode: Mode) {
  await page.evaluate((value) => localStorage.setItem('ui-settings', JSON.stringify(value)), MODES[mode].settings);
}

/**
 * The page as loaded: its heading shown, no spinner or placeholder anywhere, fonts in, animations ended. Anywhere,
 * not only in `main`: the start loader (page-chrome.tsx) covers the whole page for its first
 * 500 ms, over a heading that is already there, and a page that loaded faster than that was
 * pictured as the loader alone.
 */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"], .animate-spin, .animate-pulse')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  await settleAnimations(page);
}

/** The layout check and the screenshot of one state of a page. */
/** `target`: the one element pictured; `null`: the layout check only. */
async function look(page: Page, shot: string, mask: string[] = [], target?: Locator | null) {
  const masks = [...ALWAYS_MASKED, ...mask].map((selector) => page.locator(selector));
  // The account's own address, made for this run (in the header and on the profile).
  if (accountEmail) masks.push(page.getByText(accountEmail, { exact: true }));
  const findings = await checkLayout(page);
  expect(findings, `${shot}: the layout`).toEqual({ overflow: [], overlaps: [], dialogs: [] });
  const options = {
    animations: 'disabled' as const,
    caret: 'hide' as const,
    // The floating Back to top button, over whatever a picture of one element scrolled to.
    style: '[data-testid="back-to-top"] { visibility: hidden; }',
    scale: 'css' as const,
    maxDiffPixelRatio: 0.015,
    mask: masks,
  };
  if (target === null) return;
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
      // The floating Back to top button goes once the page knows it is at the top.
      await expect(page.getByTestId('back-to-top')).toHaveCount(0);
      await settleAnimations(page);
      const target = route.picture === false ? null : route.picture ? page.locator(route.picture).first() : undefined;
      await look(page, `${route.name}-${mode}-${width}`, route.mask, target);
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

test('the staff pages, the review page’s dialogs and the applicant’s list of reads look right in every mode', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  // An application of its own to review, submitted by a new provider in another browser, who
  // afterwards sees on the dashboard that the agency opened it.
  const applicant = await signedInPage(browser);
  const applicationId = await applicantWithApplication(applicant);

  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  for (const mode of Object.keys(MODES) as Mode[]) {
    await useMode(page, mode);
    await lookAtRoutes(page, mode, STAFF_ROUTES);
    await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
    await page.goto(`/staff/applications/${applicationId}`);
    await settle(page);
    // The review page behind holds this run's ids and times: the dialogs' own pictures are
    // compared, and the layout check still measures them against the whole viewport.
    await lookAtDialog(
      page,
      `start-review-dialog-${mode}`,
      async () => {
        await page.getByRole('button', { name: say(mode, 'staff.actions.start-review.button'), exact: true }).click();
      },
      [],
      true,
    );
    const answers = page.locator('section[aria-labelledby="protected-answers-heading"]');
    const tinLabel = say(mode, 'staff.reveal.buttonLabel').replace('{{field}}', say(mode, 'staff.reveal.tin'));
    const reveal = answers.getByRole('button', { name: tinLabel, exact: true });
    await lookAtDialog(page, `reveal-dialog-${mode}`, () => reveal.click(), [], true);
    // The number revealed, beside the dates of birth still masked.
    await reveal.click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('textbox').fill('Matching the number on the IRS letter');
    await dialog.getByRole('button', { name: say(mode, 'staff.reveal.confirm'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(answers).toContainText('123-45-6789');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(page.getByTestId('back-to-top')).toHaveCount(0);
      await settleAnimations(page);
      await look(page, `revealed-answer-${mode}-${width}`, [], answers);
    }
  }

  const READS = 'section[aria-labelledby="agency-reads-heading"]';
  // The applicant's dashboard lists the agency's reads of the application (the unit, not the
  // person), the same number each run: this test's own opening of the review page in each mode.
  for (const mode of Object.keys(MODES) as Mode[]) {
    await useMode(applicant, mode);
    await applicant.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
    await applicant.goto('/dashboard');
    await settle(applicant);
    const reads = applicant.locator(READS);
    await expect(reads.getByRole('listitem')).toHaveCount(3);
    for (const width of WIDTHS) {
      await applicant.setViewportSize({ width, height: HEIGHT });
      await settleAnimations(applicant);
      // Each read's first line: its date's width (in Arabic digits too) moves the unit beside it.
      await look(applicant, `agency-reads-${mode}-${width}`, [`${READS} li > p:first-child`], reads);
    }
  }
  await applicant.context().close();
});

test('an approved provider’s record pages look right in every mode', async ({ page, browser }) => {
  test.setTimeout(240_000);
  // A new provider without a record yet: the page says so, plainly.
  accountEmail = (await createAccount(page, '/my-provider-record')).email;
  await expect(page).toHaveURL(/\/my-provider-record$/);
  await settle(page);
  for (const mode of Object.keys(MODES) as Mode[]) {
    await useMode(page, mode);
    await lookAtRoutes(page, mode, [{ name: 'no-provider-record', path: '/my-provider-record' }]);
  }
  // Approved by the Polk worker.
  const applicationId = await submitApplication(page, polkApplication());
  const worker = await signedInPage(browser);
  await signIn(worker, DEMO.worker.email, DEMO.worker.password, '/staff');
  await approveApplication(worker, applicationId);
  for (const mode of Object.keys(MODES) as Mode[]) {
    await useMode(page, mode);
    await lookAtRoutes(page, mode, RECORD_ROUTES);
    // The same record as the county's worker reads it: the page alone (the worker's header
    // counts other tests' notices), its heading naming this run's application.
    await useMode(worker, mode);
    await lookAtRoutes(worker, mode, [
      {
        name: 'staff-record',
        path: `/staff/records/${applicationId}`,
        mask: [...RECORD_VOLATILE, 'main h1'],
        picture: 'main',
      },
    ]);
  }
  await worker.context().close();
});

/**
 * The identity provider's second sign-in step, as a member of staff reaches it in a mode: the
 * sign-in form filled by its fields' types, since its words are in the mode's language.
 */
async function secondStep(browser: Browser, mode: Mode, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
  await page.goto('/staff');
  await expect(page.locator('input[type="password"]')).toBeVisible({ timeout: 20_000 });
  await useMode(page, mode);
  await page.reload();
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page.locator('#code')).toBeVisible();
  await settle(page);
  return page;
}

test('the staff sign-in’s authenticator set-up and code steps look right in every mode', async ({ page, browser }) => {
  test.setTimeout(240_000);
  // A new account made an administrator: its next sign-in sets up an authenticator app.
  const newcomer = await signedInPage(browser);
  const account = await createAccount(newcomer, '/users/profile', 'Tove Admin');
  await expect(newcomer).toHaveURL(/\/users\/profile$/);
  await expect(newcomer.getByText(account.email).first()).toBeVisible();
  await newcomer.context().close();
  await signIn(page, DEMO.admin.email, DEMO.admin.password, '/staff/admin');
  await page.getByLabel('Email address').fill(account.email);
  await page.getByRole('group', { name: 'Role' }).getByRole('radio', { name: 'Administrator' }).check();
  await page.getByRole('button', { name: 'Grant role' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'now has the Administrator role' })).toBeVisible();

  for (const mode of Object.keys(MODES) as Mode[]) {
    // The key and its QR code are made anew for each set-up.
    const enrol = await secondStep(browser, mode, account.email, account.password);
    for (const width of WIDTHS) {
      await enrol.setViewportSize({ width, height: HEIGHT });
      await settleAnimations(enrol);
      await look(enrol, `totp-enrol-${mode}-${width}`, ['[data-testid="setup-key"]', 'img[src^="data:image/svg"]']);
    }
    await enrol.context().close();
    const verify = await secondStep(browser, mode, DEMO.admin.email, DEMO.admin.password);
    for (const width of WIDTHS) {
      await verify.setViewportSize({ width, height: HEIGHT });
      await settleAnimations(verify);
      await look(verify, `totp-verify-${mode}-${width}`);
    }
    await verify.context().close();
  }
});

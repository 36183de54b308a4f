import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO, signIn } from '../support/auth';
import { axeFor, expect, expectNoAxeViolations, settleAnimations, test } from '../support/fixtures';

/*
 * Issue 13: every route of spec section 2's "Template demo routes linked from the header"
 * answers with its real page, a gallery page or the portal's not-found page (DESIGN.md
 * section 8), axe clean. One goto, one heading check and one axe run per route.
 */

type Tree = { [key: string]: string | Tree };
const en = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../packages/locales/src/en.json'), 'utf8'),
) as Tree;
const text = (key: string) => key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part]!, en) as string;

// The gallery routes, as the spec lists them.
const GALLERY: Record<string, { base: string; slugs: string[] }> = {
  components: {
    base: '/components/',
    slugs:
      'tabs accordions modals cards carousel countdown counter sweetalert timeline notifications media-object list-group pricing-table lightbox'.split(
        ' ',
      ),
  },
  elements: {
    base: '/elements/',
    slugs:
      'alerts avatar badges breadcrumbs buttons buttons-group color-library dropdown infobox jumbotron loader pagination popovers progress-bar search tooltips treeview typography'.split(
        ' ',
      ),
  },
  tables: { base: '/', slugs: ['tables'] },
  datatables: {
    base: '/datatables/',
    slugs:
      'basic advanced skin order-sorting columns-filter multi-column multiple-tables alt-pagination checkbox range-search export sticky-header clone-header column-chooser'.split(
        ' ',
      ),
  },
  forms: {
    base: '/forms/',
    slugs:
      'basic input-group layouts validation input-mask select2 touchspin checkbox-radio switches wizards file-upload quill-editor markdown-editor date-picker clipboard'.split(
        ' ',
      ),
  },
  more: { base: '/', slugs: ['dragndrop', 'charts', 'font-icons', 'widgets'] },
};
const galleryPages = Object.entries(GALLERY).flatMap(([section, { base, slugs }]) =>
  slugs.map((slug) => ({ path: `${base}${slug}`, title: text(`gallery.titles.${section}.${slug}`) })),
);

const NOT_FOUND = [
  '/finance',
  '/crypto',
  ...['chat', 'todolist', 'notes', 'scrumboard', 'contacts', 'calendar'].map((app) => `/apps/${app}`),
  ...['list', 'preview', 'add', 'edit'].map((page) => `/apps/invoice/${page}`),
];
const PUBLIC_REAL = [
  '/',
  ...'knowledge-base contact-us-boxed contact-us-cover faq coming-soon-boxed coming-soon-cover maintenence error404 error500 error503'
    .split(' ')
    .map((page) => `/pages/${page}`),
  ...'cover-login boxed-signin cover-register boxed-signup cover-password-reset boxed-password-reset cover-lockscreen boxed-lockscreen'
    .split(' ')
    .map((page) => `/auth/${page}`),
];
const SIGNED_IN_REAL = ['/analytics', '/apps/mailbox', '/users/profile', '/users/user-account-settings'];

const notFoundHeading = text('notFound.title');

/**
 * Opens a gallery route through the app's router, as a link would (the first with a page load):
 * each gallery page has a title of its own, so waiting for it waits for the page.
 */
async function openInApp(page: Page, path: string) {
  if (!page.url().startsWith('http')) return page.goto(path);
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * axe on the whole page for the first route of a list; after that on the page's own content
 * (the header and sidebar around it are the same, and the fixture audits the last page whole).
 */
async function audit(page: Page, whole: boolean) {
  if (whole) return expectNoAxeViolations(page);
  await settleAnimations(page);
  const results = await axeFor(page).include('#main').analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

async function expectGalleryPage(page: Page, route: { path: string; title: string }, whole: boolean) {
  await openInApp(page, route.path);
  await expect(page.getByRole('heading', { level: 1, name: route.title, exact: true }), route.path).toBeVisible();
  await audit(page, whole);
}

/** A real page: a heading, and not the portal's not-found page (the 404 status page is real). */
async function expectRealPage(page: Page, route: string, whole: boolean) {
  await page.goto(route);
  // The sign-in pages start a sign-in at the identity provider, which comes back to them.
  if (/\/auth\/(cover-login|boxed-signin)$/.test(route)) await expect(page).toHaveURL(/uid=/);
  await expect(page.getByRole('heading', { level: 1 }).first(), route).toBeVisible();
  await expect(page.locator('#not-found-heading'), route).toHaveCount(0);
  await audit(page, whole);
}

// Three tests share the gallery's routes so two workers can split them.
const thirds = [0, 1, 2].map((part) => galleryPages.filter((_, index) => index % 3 === part));
thirds.forEach((routes, part) => {
  test(`gallery pages, part ${part + 1} of 3, by address for everyone`, async ({ page }) => {
    test.setTimeout(90_000);
    for (const [index, route] of routes.entries()) await expectGalleryPage(page, route, index === 0);
  });
});

test('the demo apps, finance and crypto answer with the not-found page; public real pages stay real', async ({
  page,
}) => {
  test.setTimeout(90_000);
  for (const [index, route] of NOT_FOUND.entries()) {
    await page.goto(route);
    await expect(page.locator('h1#not-found-heading'), route).toHaveText(notFoundHeading);
    await audit(page, index === 0);
  }
  for (const route of PUBLIC_REAL) await expectRealPage(page, route, false);
  // The public see only the product's navigation.
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Display settings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Design system' })).toHaveCount(0);
});

test('an administrator has the Design system menu, with the documentation link; signed-in routes are real', async ({
  page,
}) => {
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  for (const [index, route] of SIGNED_IN_REAL.entries()) await expectRealPage(page, route, index === 0);

  // In the header, whichever the menu layout (the default, vertical, here).
  const menu = page.getByRole('banner');
  await menu.getByRole('button', { name: 'Design system' }).click();
  for (const group of ['Apps', 'Components', 'Elements', 'Tables', 'Data tables', 'Forms', 'Pages', 'More'])
    await expect(menu.getByRole('heading', { name: group, exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  const documentation = menu.getByRole('link', { name: /Documentation \(README\)/ });
  const href = await documentation.getAttribute('href');
  const readme = await page.request.get(href!);
  expect(readme.status()).toBe(200);
  expect(await readme.text()).toContain('# Child Care Assistance Provider Portal');

  await menu.getByRole('link', { name: 'Validation', exact: true }).click();
  await expect(page).toHaveURL(/\/forms\/validation$/);
  // The real error summary: sending the empty form lists the error and takes focus.
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeFocused();
  await page.getByRole('link', { name: 'Enter the provider name.' }).click();
  await expect(page.getByLabel('Provider name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu.getByRole('button', { name: 'Design system' })).toHaveAttribute('aria-current', 'true');
});

test('the gallery in Arabic (right-to-left), dark, at 320 px', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto('/pages/error404');
  await page.evaluate(() =>
    localStorage.setItem('ui-settings', JSON.stringify({ theme: 'dark', locale: 'ae', direction: 'rtl' })),
  );
  for (const route of ['/tables', '/forms/file-upload', '/components/modals']) {
    await page.goto(route);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${route} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});

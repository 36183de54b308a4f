import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

const settings = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('ui-settings') ?? '{}') as Record<string, unknown>);
const home = async (page: Page) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('start-loader')).toBeHidden();
};

test('the theme icon cycles light → dark → system → light with the keyboard, and axe passes in each', async ({
  page,
}) => {
  await home(page);
  await expectNoAxeViolations(page);
  const toggle = page.getByRole('button', { name: /^Theme:/ });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Enter');
  expect((await settings(page)).theme).toBe('system');
  await page.keyboard.press('Enter');
  expect((await settings(page)).theme).toBe('light');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});

test('choosing Arabic reloads right-to-left, and the page mirrors', async ({ page }) => {
  await home(page);
  const menu = page.getByRole('button', { name: /Language:/ });
  await menu.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitemradio', { name: 'العربية' }).press('Enter');
  await page.waitForLoadState('load');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Translated: the sidebar reads in Arabic.
  const arabic = JSON.parse(
    fs.readFileSync(new URL('../../packages/locales/src/ae.json', import.meta.url), 'utf8'),
  ) as {
    nav: { dashboard: string; eligibility: string };
  };
  await expect(page.getByRole('link', { name: arabic.nav.eligibility }).first()).toBeVisible();
  // The sidebar sits on the right in a right-to-left page.
  const sidebar = await page.getByRole('navigation', { name: /./ }).first().boundingBox();
  const viewport = page.viewportSize()!;
  expect(sidebar!.x + sidebar!.width).toBeGreaterThan(viewport.width - 5);
  await expectNoAxeViolations(page);
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await expectNoAxeViolations(page);
});

test('customizer settings survive a reload', async ({ page }) => {
  await home(page);
  await page.getByRole('button', { name: 'Display settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Display settings' });
  await dialog.getByRole('radio', { name: 'Horizontal' }).check();
  await dialog.getByRole('radio', { name: 'Boxed' }).check();
  await dialog.getByRole('radio', { name: 'Floating' }).check();
  await dialog.getByRole('checkbox', { name: /Dark sidebar/ }).check();
  await dialog.getByLabel('Page transition').selectOption('fade-up');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  expect(await settings(page)).toMatchObject({
    menu: 'horizontal',
    layout: 'boxed-layout',
    navbar: 'navbar-floating',
    semidark: true,
    animation: 'fade-up',
  });
  await expectNoAxeViolations(page);
});

test('the horizontal menu marks the current page and its parent menu', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('ui-settings', JSON.stringify({ menu: 'horizontal' })));
  await page.goto('/documentandforms');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const parent = menu.getByRole('button', { name: 'Information' });
  await expect(parent).toHaveAttribute('aria-current', 'true');
  await parent.click();
  await expect(menu.getByRole('link', { name: 'Documents and Forms' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Escape');
  await expect(parent).toBeFocused();
  await expect(parent).toHaveAttribute('aria-expanded', 'false');
});

test('Create opens the application type dialog; Escape closes it and focus returns', async ({ page }) => {
  await home(page);
  const create = page.getByRole('button', { name: 'Create' });
  await create.click();
  const dialog = page.getByRole('dialog', { name: 'Select Application type to apply:' });
  await expect(dialog.getByRole('button', { name: 'Registered ChildCare Provider', exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Non-Registered ChildCare Provider' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(create).toBeFocused();
  await create.click();
  await dialog.getByRole('button', { name: 'Registered ChildCare Provider', exact: true }).click();
  // The application needs a signed-in user: a visitor is taken to sign in first.
  await expect(page).toHaveURL(/\/auth\/boxed-signin\?uid=/);
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
});

test('below 1024px the menu button opens the sidebar and choosing a link closes it', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await home(page);
  const toggle = page.getByRole('button', { name: 'Menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const sidebar = page.getByRole('navigation', { name: 'Portal menu' });
  await expect(sidebar).toBeVisible();
  await sidebar.getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/contactUsComponent$/);
  await expect(sidebar).toBeHidden();
});

test('at 320px wide nothing scrolls sideways, and back-to-top appears after scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await home(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const backToTop = page.getByRole('button', { name: 'Back to top' });
  await expect(backToTop).toBeHidden();
  await page.mouse.wheel(0, 400);
  await expect(backToTop).toBeVisible();
  await backToTop.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expectNoAxeViolations(page);
});

import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

const PRODUCT = 'Child Care Assistance Provider Portal';
const PHONE = '(515) 555-0100';

/** Every public page: its path, its h1 (and title, when it differs), and one fact from the default profile. */
const PAGES: { path: string; h1: string; fact: string; title?: string }[] = [
  {
    path: '/childcareEligibilityInfo',
    h1: 'Child Care Assistance eligibility',
    fact: 'under 13 years old, or under 19',
  },
  { path: '/documentandforms', h1: 'Documents and forms', fact: 'Application for Child Care Center License' },
  { path: '/contactUsComponent', h1: 'Contact us', fact: 'Version 2.0 build 14' },
  { path: '/LicensedProviderInfo', h1: 'Become a licensed child care center', fact: 'for up to 120 days' },
  { path: '/pages/faq', h1: 'Frequently asked questions', fact: 'What is a request for information (RFI)?' },
  { path: '/pages/knowledge-base', h1: 'Knowledge base', fact: 'Who can get Child Care Assistance' },
  { path: '/pages/contact-us-boxed', h1: 'Contact us', fact: '(515) 555-0110' },
  { path: '/pages/contact-us-cover', h1: 'Contact us', fact: '(515) 555-0110' },
  { path: '/pages/coming-soon-boxed', h1: 'This service is coming soon', fact: PHONE, title: 'Coming soon' },
  { path: '/pages/coming-soon-cover', h1: 'This service is coming soon', fact: PHONE, title: 'Coming soon' },
  { path: '/pages/maintenence', h1: 'The portal is down for maintenance', fact: PHONE, title: 'Down for maintenance' },
  { path: '/pages/error404', h1: 'Page not found', fact: 'Error 404' },
  { path: '/pages/error500', h1: 'Something went wrong', fact: 'Error 500' },
  { path: '/pages/error503', h1: 'The portal is not available right now', fact: 'Error 503' },
];

async function horizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

for (const { path, h1, fact, title } of PAGES) {
  test(`${path} shows "${h1}", passes axe in light and dark, and fits 320px`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
    await expect(page.getByRole('main').getByText(fact).first()).toBeVisible();
    await expect(page).toHaveTitle(`${title ?? h1} – ${PRODUCT}`);
    await expectNoAxeViolations(page);

    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 320, height: 640 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
}

test('the contact numbers are tel: links and the main child care page opens in the same tab', async ({ page }) => {
  await page.goto('/contactUsComponent');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: PHONE }).first()).toHaveAttribute('href', 'tel:+15155550100');
  await expect(main.getByRole('link', { name: '(515) 555-0199' })).toHaveAttribute('href', 'tel:+15155550199');
  const childCare = main.getByRole('link', { name: /main child care page/ });
  await expect(childCare).toHaveAttribute('href', 'https://hhs.iowa.gov/programs/programs-and-services/child-care');
  await expect(childCare).not.toHaveAttribute('target', /.+/);
});

test('print requirements opens the print dialog, and the printed page shows only the requirements', async ({
  page,
}) => {
  await page.goto('/childcareEligibilityInfo');
  await expect(page.getByRole('heading', { name: 'Who can get help' })).toBeVisible();
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await page.getByRole('button', { name: 'Print requirements' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print requirements' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'See if you may qualify' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Who can get help' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Questions about eligibility' })).toBeVisible();
});

test('the screener works with the keyboard alone', async ({ page }) => {
  await page.goto('/childcareEligibilityInfo');
  const toggle = page.getByRole('button', { name: 'See if you may qualify' });
  await expect(toggle).toBeVisible();
  // Reach the button from the print button, the way a keyboard user moves through the page.
  await page.getByRole('button', { name: 'Print requirements' }).focus();
  await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  // Sending it empty lists every answer still needed, and takes focus.
  await page.keyboard.press('Tab'); // Apply
  await page.keyboard.press('Tab');
  const age = page.getByLabel('How old is your child?');
  await expect(age).toBeFocused();
  await page.keyboard.press('Enter');
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveCount(5);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(age).toBeFocused();

  // A child of 18 with special needs, in a household of one at exactly 200% of the 2025 guideline.
  await page.keyboard.type('18');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: 'Yes' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.type('28');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1');
  await page.keyboard.press('Tab');
  await page.keyboard.type('31,300');
  await page.keyboard.press('Enter');
  const answer = page.getByRole('heading', { name: 'You may qualify', exact: true });
  await expect(answer).toBeFocused();
  await expect(
    page.getByText('Your income of $31,300.00 is within the limit of $31,300.00 for a household of 1.'),
  ).toBeVisible();
  await expect(page.getByText(/Only the state decides/)).toBeVisible();

  // No special need: the age and the lower income limit both count against.
  await page.getByRole('radio', { name: 'Yes' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'No' })).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'You may not qualify' })).toBeFocused();
  await expect(page.getByText("Your child's age, 18, is not under the age limit of 13.")).toBeVisible();
  await expect(
    page.getByText('Your income of $31,300.00 is above the limit of $25,040.00 for a household of 1.'),
  ).toBeVisible();
});

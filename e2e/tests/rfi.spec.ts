import type { Browser } from '@playwright/test';
import { applicantWithApplication } from '../support/api';
import { DEMO, signIn } from '../support/auth';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

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

import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { completeApplication } from '../../apps/api/test/application-fixture';
import { createAccount } from '../support/auth';
import { submitThroughWizard } from '../support/drafts';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

/** A small but real PDF, `size` bytes long (padded inside a comment). */
function pdfOf(size: number, label: string): Buffer {
  const head = `%PDF-1.4\n% ${label}\n`;
  const tail = '\n%%EOF\n';
  return Buffer.concat([
    Buffer.from(head),
    Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20),
    Buffer.from(tail),
  ]);
}

/** Submits a complete application through the review page, as the signed-in user. */
const submitApplication = (page: Page) => submitThroughWizard(page, completeApplication('registeredprovider'));

test('dashboard buttons follow the spec, and every required document uploads with progress and opens again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await createAccount(page, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // No application yet: create and resume, no upload; the RFI page always.
  await expect(page.getByRole('link', { name: 'Create an application' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pick where you left' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go To RFI' })).toHaveAttribute('href', '/rfi-v1/0');
  await expect(page.getByRole('link', { name: 'Upload Missing Documents' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Pick where you left' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You have no saved draft.' })).toBeVisible();
  await expectNoAxeViolations(page);

  await submitApplication(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /^Application \d+$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an application' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pick where you left' })).toHaveCount(0);
  await expect(page.getByText('Submitted', { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Upload Missing Documents' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Documents Upload' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Application /List /Documents');
  const cards = page.getByRole('article');
  // The cards arrive with the page's data, after its heading.
  await expect.poll(() => cards.count()).toBeGreaterThan(2);
  const count = await cards.count();
  await expectNoAxeViolations(page);

  // A slow line for the first file, so the progress bar is there to see.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 512 * 1024,
  });
  const files: Buffer[] = [];
  for (let index = 0; index < count; index++) {
    const card = cards.nth(index);
    const name = (await card.getByRole('heading').textContent()) ?? '';
    const pdf = pdfOf(index === 0 ? 1_500_000 : 2_000, name);
    files.push(pdf);
    await card
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: `${index}.pdf`, mimeType: 'application/pdf', buffer: pdf });
    await expect(card.getByRole('list', { name: 'Chosen files' })).toContainText(`${index}.pdf`);
    await card.getByRole('button', { name: 'Upload', exact: true }).click();
    if (index === 0) {
      await expect(card.getByRole('progressbar')).toBeVisible();
      await expect(card.getByText(/Uploading… \d+%/)).toBeVisible();
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    }
    // Uploaded: the card says so and offers the file again. (Not a substring match on
    // "Uploaded": Playwright's is case-blind, and "Not uploaded yet" matched it at once, so the
    // loop went on before a file was in, and the dashboard below found one still missing.)
    await expect(card.getByText('✓ Uploaded', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(card.getByRole('button', { name: 'View Document' })).toBeVisible();
  }

  // Each file opens again, byte for byte.
  const first = cards.nth(0);
  const downloading = page.waitForEvent('download');
  await first.getByRole('button', { name: 'View Document' }).click();
  const download = await downloading;
  expect(fs.readFileSync(await download.path()).equals(files[0]!)).toBe(true);

  // Nothing is missing any more: the dashboard drops the upload button.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /^Application \d+$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upload Missing Documents' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go To RFI' })).toHaveAttribute('href', /\/rfi-v1\/\d+$/);
});

test('a refused file says why on its card, and documents/0 opens the user’s own application', async ({ page }) => {
  test.setTimeout(90_000);
  await createAccount(page, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await submitApplication(page);
  await page.goto('/documents/0');
  await expect(page).toHaveURL(/\/documents\/\d+$/);
  const card = page.getByRole('article').first();
  await card
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name: 'setup.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('MZ\x90\x00 this is a Windows program, not a PDF'),
    });
  await card.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(card.getByRole('alert')).toContainText('This kind of file cannot be accepted. Send PDF, JPEG');
  // Sending with no file chosen is the widget's own message.
  await card.getByRole('button', { name: /^Remove/ }).click();
  await expect(card.getByRole('list', { name: 'Chosen files' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(card.getByRole('alert')).toContainText('Array must contain at least one file.');
});

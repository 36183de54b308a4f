import type { Page } from '@playwright/test';
import type { MyRenewal } from '@ccap/contracts';
import {
  approveApplication,
  callApi,
  pdfOf,
  polkApplication,
  submitApplication,
  uploadEveryDocument,
} from '../support/api';
import { createAccount, DEMO, signIn, submitSignIn } from '../support/auth';
import { E2E_PORT } from '../support/env';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { ownPortal } from '../support/own-portal';

// ADR 117: a provider approved on a portal of this test's own renews 30 days before the approval
// ends (the same portal started again with its clock moved): every step comes prefilled and says
// when it was last confirmed; one answer changes; the only document asked for again is the CPR
// certificate, which has expired by then; the worker approves and the record runs 24 months more.
const portal = ownPortal('renewal', E2E_PORT + 4);
test.use({ baseURL: portal.url });
test.afterAll(() => portal.dispose());

/** The ISO day `days` from the machine's today (never today itself: the program's day may differ). */
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** An ISO day as the English pages write it ("July 1, 2024"). */
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
/** `iso` plus `months` calendar months, the day clamped to the month's last as PostgreSQL does. */
function addMonths(iso: string, months: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target.toISOString().slice(0, 10);
}

const myRenewal = async (page: Page) => {
  const answer = await callApi<MyRenewal>(page, '/api/ProviderRecord/renewal');
  expect(answer.status).toBe(200);
  if (!answer.json.renewal) throw new Error('the provider has no record');
  return answer.json.renewal;
};

const STEPS = [
  'Provider type',
  'Category, ages and capacity',
  'Provider information',
  'Addresses',
  'Assistants',
  'Children in the home',
  'Adults in the home',
  'Tax information (W-9)',
  'Rates',
  'Hours of operation',
] as const;

test('a provider renews 30 days before the end: prefilled steps, only the expired CPR certificate, 24 more months', async ({
  browser,
  page,
}) => {
  test.setTimeout(420_000);
  const businessName = `Renewing Maples Care ${Date.now()}`;
  await portal.start(0);

  // A registered home in Polk county applies with its trainings' dates: the CPR certificate
  // states an expiry about 200 days ahead, the others last well past the renewal.
  const account = await createAccount(page, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const application = polkApplication();
  application.providerInfo = {
    ...application.providerInfo,
    businessName,
    trainings: [
      { code: 'first-aid', completedOn: daysFromNow(-30), expiresOn: daysFromNow(1000) },
      { code: 'cpr', completedOn: daysFromNow(-365), expiresOn: daysFromNow(200) },
      { code: 'mandatory-reporter', completedOn: daysFromNow(-10) },
      { code: 'safe-sleep', completedOn: daysFromNow(-10) },
    ],
    recordCheckOn: daysFromNow(-2),
    physicalExamOn: daysFromNow(-20),
  };
  application.adults = {
    ...application.adults,
    members: (application.adults?.members ?? []).map((adult) => ({ ...adult, recordCheckOn: daysFromNow(-2) })),
  };
  const applicationId = await submitApplication(page, application);
  await uploadEveryDocument(page, applicationId);
  const workerContext = await browser.newContext({ baseURL: portal.url });
  const worker = await workerContext.newPage();
  await signIn(worker, DEMO.worker.email, DEMO.worker.password, '/staff');
  await approveApplication(worker, applicationId);
  await workerContext.close();

  const approved = await myRenewal(page);
  expect(approved.canRenew).toBe(false);
  const approvedOn = approved.answeredOn.providerInfo;
  if (!approvedOn) throw new Error('the record has no day for the provider information');

  // The portal starts again 30 days before the approval's last day.
  await portal.start(approved.daysLeft - 30);
  await page.goto('/dashboard');
  const dashboard = page.getByRole('heading', { level: 1, name: 'Dashboard' });
  const signInForm = page.getByRole('heading', { name: 'Sign in to your account' });
  await expect(dashboard.or(signInForm)).toBeVisible({ timeout: 20_000 });
  if (await signInForm.isVisible()) await submitSignIn(page, account.email, account.password);
  await expect(dashboard).toBeVisible();
  await expect(page.getByText(/^Your approval ends on .* \(days left: 30\)\./)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Renew', exact: true }).click();
  // The wizard opens on the first step that needs an answer (the consent to record checks, not
  // carried over); the provider goes back to the first step to confirm each in turn.
  await expect(page.getByRole('heading', { level: 2, name: 'Adults in the home', exact: true })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Application steps' })
    .getByRole('link', { name: /^1\. Provider type/ })
    .click();

  // Every step is prefilled and says when its answers were last confirmed: on the approval.
  const previously = `Previously answered on ${longDate(approvedOn)}. Confirm these answers or change them.`;
  for (const [index, title] of STEPS.entries()) {
    await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
    await expect(page.getByText(previously, { exact: true })).toBeVisible();
    if (index === 0) await expectNoAxeViolations(page);
    if (title === 'Provider information') {
      await expect(page.getByLabel('Business name (optional)', { exact: true })).toHaveValue(businessName);
    }
    // Attestations are never carried over: the provider gives them again.
    if (title === 'Adults in the home') {
      const consent = page.getByRole('checkbox', { name: /I consent to the state checking/ });
      await expect(consent).not.toBeChecked();
      await consent.check();
    }
    if (title === 'Tax information (W-9)') {
      const certified = page.getByRole('checkbox', { name: /Under penalties of perjury/ });
      await expect(certified).not.toBeChecked();
      await certified.check();
    }
    // The one answer that changes: Friday's closing time.
    if (title === 'Hours of operation') {
      const closes = page.getByRole('group', { name: 'Friday' }).getByLabel('Closes at', { exact: true });
      await expect(closes).toHaveValue('17:30');
      await closes.fill('16:00');
      await expectNoAxeViolations(page);
    }
    await page.getByRole('button', { name: 'Save and continue' }).click();
  }

  // The conditions and the signature are given again.
  await expect(page.getByRole('heading', { level: 2, name: 'Review and sign', exact: true })).toBeVisible();
  await expect(page.getByText(/For your renewal, accept the conditions and sign again/)).toBeVisible();
  const conditions = page.getByRole('checkbox', { name: 'I have read and accept these conditions' });
  await expect(conditions).not.toBeChecked();
  await conditions.check();
  await page.getByLabel('Your full legal name').fill('Maria Lopez');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByText('Application submitted')).toBeVisible();

  // Only the expired CPR certificate is asked for again; the other documents are carried over.
  const sent = (await myRenewal(page)).sent;
  if (!sent) throw new Error('the renewal was not sent');
  await page.goto(`/documents/${sent.applicationId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Documents Upload' })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card.getByRole('heading')).toContainText('CPR');
  await expectNoAxeViolations(page);
  await card
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'cpr-renewed.pdf', mimeType: 'application/pdf', buffer: pdfOf('CPR renewed') });
  await card.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(card.getByText('✓ Uploaded', { exact: true })).toBeVisible({ timeout: 20_000 });

  // The worker finds it among the renewals, reviews it and approves it.
  const reviewContext = await browser.newContext({ baseURL: portal.url });
  const reviewer = await reviewContext.newPage();
  await signIn(reviewer, DEMO.worker.email, DEMO.worker.password, '/staff');
  await reviewer.goto('/staff?kind=renewal');
  await expect(reviewer.getByRole('heading', { level: 1, name: 'Renewals to review' })).toBeVisible();
  const row = reviewer.getByRole('row').filter({ hasText: businessName });
  await expect(row).toContainText(longDate(approved.endsOn));
  await expectNoAxeViolations(reviewer);
  await row.getByRole('link', { name: businessName }).click();
  await reviewer.getByRole('button', { name: 'Start review' }).click();
  await reviewer
    .getByRole('alertdialog', { name: 'Start the review?' })
    .getByRole('button', { name: 'Start review' })
    .click();
  await reviewer.getByRole('button', { name: 'Approve' }).click();
  await reviewer
    .getByRole('alertdialog', { name: 'Approve this application?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(reviewer.getByText('Done: the application is now Approved.')).toBeVisible();
  await expectNoAxeViolations(reviewer);
  await reviewContext.close();

  // The record runs 24 months from its old end date, with no gap.
  const renewed = await myRenewal(page);
  expect(renewed.endsOn).toBe(addMonths(approved.endsOn, 24));
  await page.goto('/my-provider-record');
  await expect(page.getByRole('heading', { level: 1, name: 'My provider record' })).toBeVisible();
  await expect(page.getByText(longDate(renewed.endsOn)).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

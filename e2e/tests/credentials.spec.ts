import { approveApplication, callApi, polkApplication } from '../support/api';
import { createAccount, DEMO, signIn, submitSignIn } from '../support/auth';
import { saveDraftAsUser } from '../support/drafts';
import { E2E_PORT } from '../support/env';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { ownPortal } from '../support/own-portal';

// ADR 115 and 116: a provider gives their trainings' dates in "Trainings and checks"; 40 days
// later (the portal of this test's own, started again with its clock moved) the CPR certificate
// expires within 30 days and the first aid one has expired: the hourly job has asked the provider
// for each once, by a request for information; the dashboard says what expired; the county's
// worker finds the record among the expiring ones.
const portal = ownPortal('credentials', E2E_PORT + 5);
test.use({ baseURL: portal.url });
test.afterAll(() => portal.dispose());

/** The ISO day `days` from the machine's today (never today itself: the program's day may differ). */
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** An ISO day as the English pages write it ("July 1, 2024"). */
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

test('credentials that expire open one request for information each, and show to the provider and the staff', async ({
  browser,
  page,
}) => {
  test.setTimeout(300_000);
  const businessName = `Certified Elms Care ${Date.now()}`;
  const cprExpires = daysFromNow(60);
  const firstAidExpires = daysFromNow(35);
  await portal.start(0);

  // The provider fills in the trainings on the provider step, then signs and submits.
  const account = await createAccount(page, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const application = polkApplication();
  application.providerInfo = { ...application.providerInfo, businessName };
  const draftId = await saveDraftAsUser(page, { ...application, conditions: undefined });
  const wizard = `/registeredapplication/registration/registeredprovider?draft=${draftId}`;
  await page.goto(`${wizard}&step=provider-information`);
  const trainings = page.getByRole('group', { name: 'Trainings and checks' });
  const training = (name: string) => trainings.getByRole('group', { name, exact: true });
  await training('Infant, child and adult CPR').getByLabel('Completed on').fill(daysFromNow(-300));
  await training('Infant, child and adult CPR').getByLabel('Expires on').fill(cprExpires);
  await training('Pediatric first aid').getByLabel('Completed on').fill(daysFromNow(-700));
  await training('Pediatric first aid').getByLabel('Expires on').fill(firstAidExpires);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Addresses', exact: true })).toBeVisible();
  await page.goto(`${wizard}&step=complete-application-form`);
  await page.getByRole('checkbox', { name: 'I have read and accept these conditions' }).check();
  await page.getByLabel('Your full legal name').fill('Maria Lopez');
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByText('Application submitted')).toBeVisible();
  const dashboard = await callApi<{ applicationId: number }>(page, '/api/Dashboard/get-dashboard');
  const applicationId = dashboard.json.applicationId;

  const workerContext = await browser.newContext({ baseURL: portal.url });
  const worker = await workerContext.newPage();
  await signIn(worker, DEMO.worker.email, DEMO.worker.password, '/staff');
  await approveApplication(worker, applicationId);

  // Nothing is due yet: no request for information, nobody in the worker's expiring list.
  await worker.goto('/staff?kind=expiring');
  await expect(worker.getByRole('heading', { level: 1, name: 'Credentials expiring soon' })).toBeVisible();
  await expect(worker.getByRole('status').filter({ hasText: 'Providers found:' })).toBeVisible();
  await expect(worker.getByRole('link', { name: businessName })).toHaveCount(0);

  // 40 days on: CPR has 20 days left, first aid expired ten days ago.
  await portal.start(40);
  await page.goto('/dashboard');
  const heading = page.getByRole('heading', { level: 1, name: 'Dashboard' });
  const signInForm = page.getByRole('heading', { name: 'Sign in to your account' });
  await expect(heading.or(signInForm)).toBeVisible({ timeout: 20_000 });
  if (await signInForm.isVisible()) await submitSignIn(page, account.email, account.password);
  const expired = page.getByRole('alert').filter({ hasText: 'A required credential has expired' });
  await expect(expired).toContainText(`Pediatric first aid: expired on ${longDate(firstAidExpires)}`);
  await expect(page.getByRole('status').filter({ hasText: 'Credentials expiring soon' })).toContainText(
    `Infant, child and adult CPR: expires on ${longDate(cprExpires)}`,
  );
  await expectNoAxeViolations(page);

  // The job has asked once for each: two requests for information, one per credential.
  await expect
    .poll(
      async () => {
        await page.goto(`/rfi-v1/${applicationId}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        return page.getByRole('article').count();
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe(2);
  const requests = page.getByRole('article');
  await expect(
    requests.filter({ hasText: `Your Infant, child and adult CPR expires on ${longDate(cprExpires)}.` }),
  ).toHaveCount(1);
  await expect(
    requests.filter({ hasText: `Your Pediatric first aid expired on ${longDate(firstAidExpires)}.` }),
  ).toHaveCount(1);
  await expectNoAxeViolations(page);

  // The record shows every credential with its state.
  await page.goto('/my-provider-record');
  // (The answers on the record list the trainings too, without a state: the state is this table's.)
  await expect(page.getByRole('row', { name: /^Pediatric first aid .* Expired$/ })).toBeVisible();
  await expect(
    page.getByRole('row', { name: /^Infant, child and adult CPR .* Expires within 30 days$/ }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // The worker (signed in again on the restarted portal if need be) finds the record among the expiring.
  await worker.goto('/staff?kind=expiring');
  const staffHeading = worker.getByRole('heading', { level: 1, name: 'Credentials expiring soon' });
  const workerSignIn = worker.getByRole('heading', { name: 'Sign in to your account' });
  await expect(staffHeading.or(workerSignIn)).toBeVisible({ timeout: 20_000 });
  if (await workerSignIn.isVisible()) await submitSignIn(worker, DEMO.worker.email, DEMO.worker.password);
  await expect(staffHeading).toBeVisible();
  const row = worker.getByRole('row').filter({ has: worker.getByRole('link', { name: businessName }) });
  await expect(row).toContainText('Pediatric first aid');
  await expect(row).toContainText('Infant, child and adult CPR');
  await expectNoAxeViolations(worker);
  await row.getByRole('link', { name: businessName }).click();
  await expect(worker).toHaveURL(new RegExp(`/staff/records/${applicationId}$`));
  await workerContext.close();
});

import { approveApplication, polkApplication, submitApplication } from '../support/api';
import { createAccount, DEMO, signIn } from '../support/auth';
import { BASE_URL } from '../support/env';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

// A provider adds an adult to the household: the adult already on the record keeps the date of
// birth on file (shown masked, not asked again); the new adult enters one; the change is sent.
test('a household change keeps the dates of birth on file and asks the new adult for one', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  await createAccount(page, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const applicationId = await submitApplication(page, polkApplication());

  const workerContext = await browser.newContext({ baseURL: BASE_URL });
  const worker = await workerContext.newPage();
  await signIn(worker, DEMO.worker.email, DEMO.worker.password, '/staff');
  await approveApplication(worker, applicationId);
  await workerContext.close();

  await page.goto('/my-provider-record/changes/new');
  await page.getByLabel('Household adult added or leaving').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Change \d+$/ })).toBeVisible();

  const first = page.getByRole('group', { name: 'Person 1' });
  await expect(first.getByText(/On file \(hidden here\)/)).toBeVisible();
  await expect(first.getByLabel('Date of birth')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add another person' }).click();
  const second = page.getByRole('group', { name: 'Person 2' });
  await second.getByLabel('First name').fill('Rosa');
  await second.getByLabel('Last name').fill('Lopez');
  await second.getByLabel('Relationship to you').selectOption('partner');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  // The new adult has no date of birth yet: the step's rules ask for it.
  await expect(second.getByLabel('Date of birth')).toHaveAttribute('aria-invalid', 'true');
  await second.getByLabel('Date of birth').fill('1950-04-02');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Adults in the home: saved.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Send the change' }).click();
  await expect(page.getByText('Sent', { exact: true })).toBeVisible();
});

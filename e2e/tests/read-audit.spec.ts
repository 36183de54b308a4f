import { applicantWithApplication } from '../support/api';
import { DEMO, signIn } from '../support/auth';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

// Issue #44's read audit: a worker opens an application; its applicant's dashboard lists the read,
// by the agency's unit (the shipped profile's default), never by the worker's name or email.
test("the applicant's dashboard lists the agency's reads after a worker opened the application", async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const applicationId = await applicantWithApplication(page);
  await page.goto('/dashboard');
  const reads = page.getByRole('region', { name: 'Who at the agency opened your file' });
  await expect(reads).toContainText('No one at the agency has opened your application yet.');

  const staff = await browser.newContext();
  const worker = await staff.newPage();
  await signIn(worker, DEMO.worker.email, DEMO.worker.password, `/staff/applications/${applicationId}`);
  await expect(worker.getByRole('heading', { level: 1 })).toBeVisible();
  await staff.close();

  await page.reload();
  await expect(reads.getByRole('listitem')).toHaveCount(1);
  await expect(reads.getByRole('listitem')).toContainText('Child Care Assistance Eligibility Unit');
  await expect(reads.getByRole('listitem')).toContainText('Opened your application');
  await expect(reads).not.toContainText(DEMO.worker.email);
  await expect(reads).not.toContainText(DEMO.worker.name);
  await expectNoAxeViolations(page);

  // The administrator finds the read on the audit page: reads only, with words for the action.
  const office = await browser.newContext();
  const admin = await office.newPage();
  await signIn(admin, DEMO.admin.email, DEMO.admin.password, '/staff/audit');
  await admin.getByLabel('Kind').selectOption('read');
  await admin.getByLabel('Record number').fill(String(applicationId));
  await admin.getByRole('button', { name: 'Apply' }).click();
  const row = admin.getByRole('row', { name: /application\.read/ }).first();
  await expect(row).toContainText('Opened the application');
  await expect(row).toContainText(DEMO.worker.email);
  await expectNoAxeViolations(admin);
  await office.close();
});

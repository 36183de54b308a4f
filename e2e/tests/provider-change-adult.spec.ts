import { callApi, polkApplication, submitApplication } from '../support/api';
import { createAccount, DEMO, signIn } from '../support/auth';
import { BASE_URL } from '../support/env';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

/** A small PDF the upload's content check takes. */
function pdfOf(label: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${label}\n${' '.repeat(2000)}\n%%EOF\n`);
}

interface RecordView {
  history: { version: number; validFrom: string }[];
  inForce: { answers: { adults?: { members?: object[] } & Record<string, unknown> } } | null;
}

// An approved provider reports a new adult (14 or older) in the household and uploads the record
// check documents the change needs; the Polk worker asks for information on the change, the
// provider answers, the worker completes the request and approves; the record's history shows
// the new version with the adult.
test('a new household adult: documents, a request for information, approval, a new version', async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  const firstName = `Rosa${String(Date.now()).slice(-5)}`;

  // The provider, approved by the Polk worker (the review page's own flow is the staff story's).
  await createAccount(page, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const applicationId = await submitApplication(page, polkApplication());
  const workerContext = await browser.newContext({ baseURL: BASE_URL });
  const worker = await workerContext.newPage();
  await signIn(worker, DEMO.worker.email, DEMO.worker.password, '/staff');
  for (const [action, version] of [
    ['start-review', 1],
    ['approve', 2],
  ] as const) {
    const answer = await callApi(worker, `/api/Staff/applications/${applicationId}/status`, { action, version });
    expect(answer.status).toBe(200);
  }

  // The provider reports the new adult, effective the day the record began.
  const record = await callApi<RecordView>(page, `/api/ProviderRecord/${applicationId}`);
  expect(record.status).toBe(200);
  const adults = record.json.inForce!.answers.adults!;
  const draft = await callApi<{ changeId: number }>(page, `/api/ProviderRecord/${applicationId}/changes`, {
    parts: ['adults'],
    answers: {
      adults: {
        ...adults,
        members: [
          ...(adults.members ?? []),
          { firstName, lastName: 'Lopez', dateOfBirth: '1990-04-02', relationshipCode: 'parent' },
        ],
      },
    },
    effectiveDate: record.json.history[0]!.validFrom,
  });
  expect(draft.status).toBe(201);
  const { changeId } = draft.json;

  // On the change's page: the documents it needs, each missing until a file is uploaded.
  await page.goto(`/my-provider-record/changes/${changeId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Change ${changeId}` })).toBeVisible();
  const documents = page.getByRole('region', { name: 'Documents for this change' });
  await expect(documents.getByText(/Documents still missing: \d+\./)).toBeVisible();
  const upload = documents.getByRole('form', { name: 'Upload a document for this change' });
  const choices = upload.getByLabel('Which document').locator('option');
  const count = await choices.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) {
    const name = (await choices.nth(index).textContent()) ?? '';
    await upload.getByLabel('Which document').selectOption({ index });
    await upload
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: `document-${index}.pdf`, mimeType: 'application/pdf', buffer: pdfOf(name) });
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(documents.getByText(`document-${index}.pdf was uploaded.`)).toBeVisible();
  }
  await expect(documents.getByText(/Documents still missing/)).toHaveCount(0);
  await expect(documents.getByRole('button', { name: /record.*\(download\)|document-0\.pdf/i }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Send the change' }).click();
  await expect(page.getByText('Sent', { exact: true })).toBeVisible();

  // The worker sees the documents and asks for information on the change.
  await worker.goto(`/staff/changes/${changeId}`);
  const staffDocuments = worker.getByRole('region', { name: 'Documents for this change' });
  await expect(staffDocuments.getByRole('button', { name: /document-0\.pdf/ })).toBeVisible();
  const rfis = worker.getByRole('region', { name: 'Requests for information' });
  await expect(rfis.getByText('There are no requests for information on this change yet.')).toBeVisible();
  await rfis.getByLabel('Your request to the applicant').fill(`Does ${firstName} live with you full time?`);
  await rfis.getByRole('button', { name: 'Send' }).click();
  await expect(rfis.getByText('Your request was sent to the applicant.')).toBeVisible();
  await expect(rfis.getByRole('article')).toHaveCount(1);
  await expectNoAxeViolations(worker);

  // The provider answers on the change's page, with a comment and a file.
  await page.goto(`/my-provider-record/changes/${changeId}`);
  const providerRfis = page.getByRole('region', { name: 'Requests for information' });
  await expect(providerRfis.getByRole('article')).toContainText(`Does ${firstName} live with you full time?`);
  const reply = providerRfis.getByRole('form', { name: 'Reply to RFI' });
  await reply.getByLabel('Your response').fill('Yes, since March.');
  await reply
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'lease.pdf', mimeType: 'application/pdf', buffer: pdfOf('lease') });
  await reply.getByRole('button', { name: 'Send' }).click();
  await expect(providerRfis.getByText('Your reply was sent to the service worker.')).toBeVisible();
  await expectNoAxeViolations(page);

  // The worker completes the request, then approves the change.
  await worker.reload();
  await expect(rfis).toContainText('Yes, since March.');
  await rfis.getByRole('button', { name: /^Mark completed/ }).click();
  await expect(rfis.getByRole('article')).toContainText('Completed');
  await worker.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(worker.getByRole('status').filter({ hasText: 'In effect' })).toBeVisible();
  await workerContext.close();

  // The record's history shows the new version, which holds the adult.
  await page.goto('/my-provider-record');
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Version 2');
  await expect(page.getByText(firstName).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

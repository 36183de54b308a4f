import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { plusDays } from '@ccap/contracts';
import type { Download, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { callApi, polkApplication, submitApplication } from '../support/api';
import { createAccount, DEMO, signIn } from '../support/auth';
import { BASE_URL } from '../support/env';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

/** A taxpayer number no other application of the run holds (a valid social security number's shape). */
const randomTin = () => {
  const digits = (low: number, high: number) => String(low + Math.floor(Math.random() * (high - low)));
  return `${digits(200, 600)}-${digits(10, 99)}-${digits(1000, 9999)}`;
};

/** Every row of the file's one sheet, as the values exceljs reads back (the header first). */
async function sheetRows(workbook: ExcelJS.Workbook): Promise<unknown[][]> {
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** The export the worker asks for in the queue's dialog; answers its id. */
async function startExport(worker: Page, choose: () => Promise<void>): Promise<number> {
  await worker.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = worker.getByRole('dialog', { name: 'Export the filtered queue' });
  await expect(dialog).toBeVisible();
  await choose();
  await expectNoAxeViolations(worker);
  const created = worker.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/api/Staff/exports'),
  );
  await dialog.getByRole('button', { name: 'Start the export' }).click();
  const answer = await created;
  expect(answer.status()).toBe(202);
  await expect(dialog.getByText('The export has started.')).toBeVisible();
  return ((await answer.json()) as { id: number }).id;
}

/** Waits on the exports page for the export to be ready, then downloads it. */
async function downloadWhenReady(worker: Page, id: number): Promise<Download> {
  const download = worker.getByRole('button', { name: `Download export ${id}` });
  // The job runs every 5 s; the page polls while an export is being written.
  await expect(download).toBeVisible({ timeout: 60_000 });
  const saved = worker.waitForEvent('download');
  await download.click();
  return saved;
}

// Issue 43's "Done when": a Polk worker filters the queue, exports the filtered rows to XLSX in
// chosen columns, is told it is ready, downloads it and finds exactly those rows; the
// de-identified CSV of the same filters holds no name and no taxpayer number.
test('a worker exports the filtered queue to XLSX and a de-identified CSV, and reads both back', async ({
  browser,
  page: worker,
}) => {
  test.setTimeout(240_000);
  // One word no other test's provider names hold: the queue's search narrows to this test's rows.
  const token = `Zx${Date.now().toString(36)}`;
  const seeded = [
    { name: `Alder ${token} Care`, county: 'Polk', tin: randomTin(), review: false },
    { name: `Birch ${token} Care`, county: 'Polk', tin: randomTin(), review: false },
    { name: `Cedar ${token} Care`, county: 'Polk', tin: randomTin(), review: true },
    { name: `Dogwood ${token} Care`, county: 'Story', tin: randomTin(), review: false },
  ];

  // One provider submits the four applications: three in Polk (the demo worker's), one in Story.
  const providerContext = await browser.newContext({ baseURL: BASE_URL });
  const provider = await providerContext.newPage();
  await createAccount(provider, '/dashboard');
  await expect(provider.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const ids: number[] = [];
  for (const item of seeded) {
    const application = polkApplication();
    application.providerInfo = { ...application.providerInfo, businessName: item.name };
    application.address = { ...application.address, county: item.county };
    application.w9Info = { ...application.w9Info, tin: item.tin };
    ids.push(await submitApplication(provider, application));
  }
  await providerContext.close();
  const street = polkApplication().address!.careLocation!.address1!;

  // The worker takes Cedar into review: it leaves the "Submitted" filter.
  await signIn(worker, DEMO.worker.email, DEMO.worker.password, '/staff');
  const review = await callApi(worker, `/api/Staff/applications/${ids[2]}/status`, {
    action: 'start-review',
    version: 1,
  });
  expect(review.status).toBe(200);

  // The queue, filtered: this test's submitted applications, submitted around today.
  const today = new Date().toISOString().slice(0, 10);
  await worker.goto('/staff');
  const filters = worker.getByRole('search', { name: 'Filter the queue' });
  await filters.getByLabel('Provider name or application number').fill(token);
  await filters.getByLabel('Status').selectOption('submitted');
  await filters.getByLabel('Submitted from').fill(plusDays(today, -1));
  await filters.getByLabel('Submitted until').fill(plusDays(today, 1));
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(worker).toHaveURL(new RegExp(`submittedFrom=${plusDays(today, -1)}`));
  await expect(worker.getByRole('status').filter({ hasText: 'Applications found: 2' })).toBeVisible();
  const filtered = worker.url();
  const table = worker.getByRole('table', { name: /Applications to review/ });
  await expect(table.getByRole('link', { name: seeded[0]!.name })).toBeVisible();
  await expect(table.getByRole('link', { name: seeded[1]!.name })).toBeVisible();
  await expectNoAxeViolations(worker);

  // XLSX, four columns chosen of all those offered.
  const chosen = ['Application no.', 'Provider name', 'County', 'Taxpayer number (masked)'];
  const xlsxId = await startExport(worker, async () => {
    const dialog = worker.getByRole('dialog', { name: 'Export the filtered queue' });
    const columns = dialog.getByRole('group', { name: 'Columns' }).getByRole('checkbox');
    for (const box of await columns.all()) {
      const label = (await box.evaluate((input) => input.closest('label')?.textContent ?? '')).trim();
      await box.setChecked(chosen.includes(label));
    }
    await dialog.getByRole('radio', { name: 'Excel workbook (XLSX)' }).check();
  });
  await worker.getByRole('dialog').getByRole('link', { name: 'My exports' }).click();
  await expect(worker.getByRole('heading', { level: 1, name: 'My exports' })).toBeVisible();
  // Its progress, in rows of the two it counted when asked for.
  await expect(worker.getByRole('progressbar').first()).toBeVisible();
  await expect(worker.getByText(/ of 2 rows$/).first()).toBeVisible();
  await expectNoAxeViolations(worker);
  const xlsx = await downloadWhenReady(worker, xlsxId);
  expect(xlsx.suggestedFilename()).toBe(`export-${xlsxId}.xlsx`);
  await expect(worker.getByRole('cell', { name: /Ready/ }).first()).toBeVisible();
  await expectNoAxeViolations(worker);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await xlsx.path());
  const rows = await sheetRows(workbook);
  expect(rows[0]).toEqual(chosen);
  const mask = (tin: string) => `•••-••-${tin.slice(-4)}`;
  expect(rows.slice(1).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
    [ids[0], seeded[0]!.name, 'Polk', mask(seeded[0]!.tin)],
    [ids[1], seeded[1]!.name, 'Polk', mask(seeded[1]!.tin)],
  ]);

  // The requester is told: the bell, then the message in the Inbox.
  const notice = `Export ${xlsxId} is ready to download.`;
  await worker.getByRole('button', { name: /^Notifications/ }).click();
  await expect(worker.getByRole('region', { name: 'Notifications' }).getByRole('link', { name: notice })).toBeVisible({
    timeout: 30_000,
  });
  await worker.keyboard.press('Escape');
  await worker.goto('/apps/mailbox');
  await worker
    .getByRole('link', { name: /Your export is ready/ })
    .first()
    .click();
  await expect(worker.getByRole('heading', { level: 1, name: 'Your export is ready' })).toBeVisible();
  const message = worker.getByRole('main');
  await expect(message.getByText(`Export ${xlsxId} is ready: 2 rows.`, { exact: false })).toBeVisible();
  await expectNoAxeViolations(worker);
  await message.getByRole('link', { name: 'My exports' }).click();
  await expect(worker).toHaveURL(/\/staff\/exports$/);

  // The same filters, de-identified, every column left offered, as CSV.
  await worker.goto(filtered);
  await expect(worker.getByRole('status').filter({ hasText: 'Applications found: 2' })).toBeVisible();
  const csvId = await startExport(worker, async () => {
    const dialog = worker.getByRole('dialog', { name: 'Export the filtered queue' });
    await dialog.getByRole('checkbox', { name: /^De-identified/ }).check();
    await expect(dialog.getByRole('checkbox', { name: 'Provider name' })).toHaveCount(0);
    await dialog.getByRole('radio', { name: 'Comma-separated values (CSV)' }).check();
  });
  await worker.goto('/staff/exports');
  const csv = await downloadWhenReady(worker, csvId);
  expect(csv.suggestedFilename()).toBe(`export-${csvId}.csv`);
  const text = await readFile(await csv.path(), 'utf8');
  expect(text).not.toContain(token);
  for (const item of seeded) {
    expect(text).not.toContain(item.tin);
    expect(text).not.toContain(item.tin.replace(/-/g, ''));
    expect(text).not.toContain(mask(item.tin));
  }
  expect(text).not.toContain('•');
  expect(text).not.toContain(street);
  const fromCsv = new ExcelJS.Workbook();
  await fromCsv.csv.read(Readable.from([text]));
  const csvRows = await sheetRows(fromCsv);
  expect(csvRows[0]).not.toContain('Provider name');
  expect(csvRows[0]).toContain('Application no.');
  expect(
    csvRows
      .slice(1)
      .map((row) => row[0])
      .sort(),
  ).toEqual([ids[0], ids[1]].sort());
});

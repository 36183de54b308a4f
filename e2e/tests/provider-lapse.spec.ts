import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { callApi, polkApplication, submitApplication } from '../support/api';
import { createAccount, DEMO, signIn, submitSignIn } from '../support/auth';
import { E2E_PORT, LOG_DIR } from '../support/env';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

// ADR 106 and 107: a portal of this test's own, on a data folder of its own, approves a provider;
// then the same portal starts again with its clock moved past the approval's end date
// (CLOCK_OFFSET_DAYS, honoured outside production only). The record shows lapsed, the dashboard
// says what to do, and the provider has left the public search.
const PORT = E2E_PORT + 3;
const URL_OF_PORTAL = `http://localhost:${PORT}`;
const SERVER = path.resolve(import.meta.dirname, '../../apps/api/dist/server.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccap-e2e-lapse-'));

test.use({ baseURL: URL_OF_PORTAL });

/** Starts the built portal on this test's port and data folder, its clock `offsetDays` ahead. */
async function startPortal(offsetDays: number): Promise<ChildProcess> {
  const log = fs.openSync(path.join(LOG_DIR, `lapse-${offsetDays}.log`), 'a');
  const child = spawn(process.execPath, [SERVER], {
    stdio: ['ignore', log, log],
    env: {
      // Not production: only there is a moved clock refused.
      NODE_ENV: 'development',
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      TILE_URL: '',
      DEMO_DIRECTORY: 'false',
      LOG_LEVEL: 'trace',
      RATE_LIMIT_SIGN_IN: '1000',
      RATE_LIMIT_REGISTER: '1000',
      RATE_LIMIT_SEARCH: '1000',
      CLOCK_OFFSET_DAYS: String(offsetDays),
    },
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited with ${child.exitCode}`);
    const healthy = await fetch(`${URL_OF_PORTAL}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return child;
    if (Date.now() > deadline) throw new Error('the portal did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function stopPortal(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function searchFor(page: Page, businessName: string) {
  await page.goto('/ProviderSearch');
  await page.getByRole('button', { name: 'More search options' }).click();
  await page.getByLabel('Business name').fill(businessName);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  return page.getByRole('region', { name: 'Results' });
}

let portal: ChildProcess | undefined;
test.afterAll(async () => {
  if (portal) await stopPortal(portal);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('past its end date an approval has lapsed: the record says so and the search no longer finds it', async ({
  browser,
  page,
}) => {
  test.setTimeout(300_000);
  const businessName = `Lapsing Pines Care ${Date.now()}`;
  portal = await startPortal(0);

  // A provider applies (care in Polk county, listed in the search); the Polk worker approves.
  const account = await createAccount(page, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const application = polkApplication();
  application.providerInfo = { ...application.providerInfo, businessName };
  const applicationId = await submitApplication(page, application);
  const workerContext = await browser.newContext({ baseURL: URL_OF_PORTAL });
  const worker = await workerContext.newPage();
  await signIn(worker, DEMO.worker.email, DEMO.worker.password, '/staff');
  for (const [action, version] of [
    ['start-review', 1],
    ['approve', 2],
  ] as const) {
    const answer = await callApi(worker, `/api/Staff/applications/${applicationId}/status`, { action, version });
    expect(answer.status).toBe(200);
  }
  await workerContext.close();

  // A registered home's approval lasts 24 months: the record and the dashboard count the days.
  await page.goto('/my-provider-record');
  await expect(page.getByRole('heading', { level: 1, name: 'My provider record' })).toBeVisible();
  await expect(page.getByText(/\(days left: 7\d\d\)/)).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByText(/^Your approval ends on .* \(days left: 7\d\d\)\.$/)).toBeVisible();
  const found = await searchFor(page, businessName);
  await expect(found.getByRole('listitem').filter({ hasText: businessName }).first()).toBeVisible();

  // The portal starts again 800 days later.
  await stopPortal(portal);
  portal = await startPortal(800);

  // The session may have outlived the restart (the signing keys are in the database), or not.
  await page.goto('/dashboard');
  const dashboard = page.getByRole('heading', { level: 1, name: 'Dashboard' });
  const signInForm = page.getByRole('heading', { name: 'Sign in to your account' });
  await expect(dashboard.or(signInForm)).toBeVisible({ timeout: 20_000 });
  if (await signInForm.isVisible()) await submitSignIn(page, account.email, account.password);
  await expect(dashboard).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('so it has lapsed');
  await expect(page.getByRole('alert')).toContainText('Contact your county office to be approved again.');
  await expectNoAxeViolations(page);

  await page.goto('/my-provider-record');
  await expect(page.getByRole('heading', { level: 1, name: 'My provider record' })).toBeVisible();
  await expect(page.getByText('Lapsed', { exact: true })).toBeVisible();
  await expect(page.getByText(/ \(lapsed\)$/)).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('you are no longer listed in the provider search');
  await expectNoAxeViolations(page);

  const results = await searchFor(page, businessName);
  await expect(results).toContainText('No provider matches this search.');
  await expect(results.getByText(businessName)).toHaveCount(0);
});

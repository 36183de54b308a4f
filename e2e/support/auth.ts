import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO, DEMO_TOTP_SECRET, NEW_ACCOUNT_PASSWORD } from './accounts';
import { LOG_DIR } from './env';
import { totpCode } from './totp';
import { expect } from './fixtures';

/** The longest wait for the sign-in form after a sign-in starts (see `submitSignIn`). */
const SIGN_IN_FORM_MS = 20_000;

/** Fills the built-in provider's sign-in page and submits it. */
export async function submitSignIn(page: Page, email: string, password: string) {
  // Reaching the form takes two whole loads of the app and a round of redirects: the page asked
  // for boots, finds nobody signed in and starts a sign-in; the identity provider sends the
  // browser to its sign-in page, which boots the app again and asks for the sign-in's details.
  // On a slow 2-core machine with the other worker busy, that took 7.6 s in CI:
  // close to the 10 s every other assertion of the suite waits (playwright.config.ts).
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible({
    timeout: SIGN_IN_FORM_MS,
  });
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // The demo administrator must pass a second factor: the code its published key gives now.
  if (email === DEMO.admin.email) await enterCode(page, DEMO_TOTP_SECRET);
}

/** One authenticator step: a code is good for 30 seconds (RFC 6238). */
const STEP_MS = 30_000;
/** The last step each account's code was sent for, shared by the run's workers (its log folder). */
const STEPS_FILE = path.join(LOG_DIR, 'second-factor-steps.json');
const STEPS_LOCK = path.join(LOG_DIR, 'second-factor-steps.lock');

/**
 * Runs `work` holding the run's one lock on the steps file: a directory, made or not at once by
 * the file system. A lock older than two minutes belongs to a worker that died holding it.
 */
async function withStepsLock<T>(work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      fs.mkdirSync(STEPS_LOCK);
      break;
    } catch {
      const since = fs.statSync(STEPS_LOCK, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > 120_000) fs.rmSync(STEPS_LOCK, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(STEPS_LOCK, { recursive: true, force: true });
  }
}

const readSteps = (): Record<string, number> =>
  fs.existsSync(STEPS_FILE) ? (JSON.parse(fs.readFileSync(STEPS_FILE, 'utf8')) as Record<string, number>) : {};

/**
 * Passes the second sign-in step with `key`'s code. The portal takes a code of the step before,
 * at or after its own, and never one of a step it has already taken for the account; a refused
 * code counts towards a pause. Tests in both workers sign in as the same administrator, so they
 * agree through a shared file on the steps already sent: each sends a step later than the last
 * one sent for this account on this portal, waiting for its time when it is two steps ahead.
 */
export async function enterCode(page: Page, key: string) {
  await expect(page.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible({
    timeout: SIGN_IN_FORM_MS,
  });
  const field = page.getByLabel('Code', { exact: true });
  const account = `${new URL(page.url()).origin} ${key}`;
  await withStepsLock(async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const steps = readSteps();
      const current = Math.floor(Date.now() / STEP_MS);
      const step = Math.max(current, (steps[account] ?? 0) + 1);
      // Two steps ahead is outside the portal's window until the next step begins.
      if (step > current + 1) await page.waitForTimeout((step - 1) * STEP_MS - Date.now() + 500);
      await field.fill(totpCode(key, step * STEP_MS));
      const answer = page.waitForResponse(
        (response) => response.request().method() === 'POST' && response.url().endsWith('/second-factor'),
      );
      await page.getByRole('button', { name: 'Verify' }).click();
      // Taken or refused, the step is spent for this run: a refusal means something else took it.
      fs.writeFileSync(STEPS_FILE, JSON.stringify({ ...steps, [account]: step }));
      if ((await answer).ok()) return;
    }
    throw new Error('the second factor was refused twice');
  });
}

/** Reads the newest mail to an address in the development mail view and returns its link. */
export async function linkFromMail(page: Page, to: string): Promise<string> {
  await page.goto('/dev/mail');
  const mail = page.getByRole('article').filter({ hasText: to }).first();
  await expect(mail).toBeVisible();
  const href = await mail.getByRole('link').first().getAttribute('href');
  if (!href) throw new Error(`no link in the mail to ${to}`);
  return href;
}

/** Signs in from the app's own /login route and waits to be back in the portal. */
export async function signIn(page: Page, email: string, password: string, returnTo = '/users/profile') {
  await page.goto(returnTo);
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(new RegExp(`${returnTo.replace(/\//g, '\\/')}$`));
}

export { DEMO, DEMO_TOTP_SECRET, NEW_ACCOUNT_PASSWORD, wrongPassword } from './accounts';

/**
 * A brand-new provider account: registered through the built-in provider, confirmed from
 * the development mail view, signed in and back on `returnTo`.
 */
export async function createAccount(page: Page, returnTo: string, name = 'Nia Provider') {
  const email = `provider.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.gov`;
  const password = NEW_ACCOUNT_PASSWORD;
  await page.goto(returnTo);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.goto(await linkFromMail(page, email));
  await page
    .getByRole('link', { name: 'Sign in' })
    .or(page.getByRole('button', { name: 'Sign in' }))
    .first()
    .click();
  await submitSignIn(page, email, password);
  return { email, password };
}

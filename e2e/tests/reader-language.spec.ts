import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { polkApplication, submitApplication } from '../support/api';
import { createAccount, NEW_ACCOUNT_PASSWORD } from '../support/auth';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

type Tree = { [key: string]: string | Tree };
const root = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
const locale = (code: string) => readJson(`packages/locales/src/${code}.json`) as Tree;
const text = (tree: Tree, key: string): string => {
  const found = key.split('.').reduce<string | Tree | undefined>((node, part) => {
    return typeof node === 'object' ? node[part] : undefined;
  }, tree);
  if (typeof found !== 'string') throw new Error(`no text at ${key}`);
  return found;
};
const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every localized text of the shipped program profile: its English and its other languages. */
function profileTexts(): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== 'object' || node === null) return;
    const values = Object.values(node);
    if ('en' in node && values.every((value) => typeof value === 'string')) {
      found.push(node as Record<string, string>);
      return;
    }
    values.forEach(walk);
  };
  walk(readJson('apps/api/profiles/default.json'));
  return found;
}

/**
 * Profile texts that are proper names written the same in a language as in English: they may
 * be on the page. The test fails if the profile gains another one, so each is a decision.
 */
const SAME_AS_ENGLISH: Record<string, { text: string; reason: string }[]> = {
  es: [{ text: 'Iowa', reason: 'the state’s name is written the same in Spanish' }],
  ja: [],
  ae: [],
};

/**
 * The English words of the profile a page must not show in `code`: each text, cut at its
 * `{person}` placeholders (a name the applicant gave goes there), less the proper names above.
 */
function englishFragments(code: string): string[] {
  const allowed = new Set(SAME_AS_ENGLISH[code]?.map((entry) => entry.text));
  const same = profileTexts()
    .filter((entry) => entry[code] === entry.en)
    .map((entry) => entry.en!);
  expect(same.sort(), `profile texts the same in ${code} as in English`).toEqual([...allowed].sort());
  return profileTexts()
    .map((entry) => entry.en!)
    .filter((english) => !allowed.has(english))
    .flatMap((english) => english.split(/\{person\}/))
    .map((fragment) => fragment.replace(/^[\s–-]+|[\s–-]+$/g, ''))
    .filter((fragment) => fragment.length >= 4);
}

/** Fails naming every English profile text the page shows, and checks the page's language. */
async function expectNoEnglishFromProfile(page: Page, code: string, where: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', LANG[code]!);
  const shown = await page.evaluate(() => document.body.innerText);
  const english = englishFragments(code).filter((fragment) => shown.includes(fragment));
  expect(english, `English profile texts on ${where} in ${code}`).toEqual([]);
}

const LANG: Record<string, string> = { ja: 'ja-JP', ae: 'ar', es: 'es-US' };

/** Sets the account's preferred language (notifications and mails) and the page's. */
async function readIn(page: Page, code: string) {
  const status = await page.evaluate(async (preferredLanguage) => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
    const token = key
      ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token
      : '';
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const me = (await (await fetch('/api/User/me', { headers })).json()) as {
      profile: { notificationPreferences: unknown };
    };
    const response = await fetch('/api/User/me/settings', {
      method: 'PUT',
      headers,
      body: JSON.stringify({ preferredLanguage, notificationPreferences: me.profile.notificationPreferences }),
    });
    return response.status;
  }, code);
  expect(status).toBe(200);
  await page.evaluate(
    (value) => localStorage.setItem('ui-settings', JSON.stringify(value)),
    code === 'ae' ? { locale: code, direction: 'rtl' } : { locale: code },
  );
}

for (const code of ['ja', 'ae', 'es']) {
  test(`document cards, a notification and the contact page show no English profile text in ${code}`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const words = locale(code);
    await createAccount(page, '/users/profile');
    await expect(page).toHaveURL(/\/users\/profile$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await readIn(page, code);
    // Submitted after the language was chosen: its notices are written in it.
    const id = await submitApplication(page, polkApplication());

    // The document cards: each required document's name and description.
    await page.goto(`/documents/${id}`);
    const cards = page.getByRole('article');
    await expect.poll(() => cards.count()).toBeGreaterThan(2);
    await expectNoEnglishFromProfile(page, code, 'the document cards');
    await expectNoAxeViolations(page);

    // The bell, then the Inbox message that lists the documents still needed.
    const bell = page.getByRole('button', { name: new RegExp(`^${escape(text(words, 'header.notifications'))}`) });
    await bell.click();
    const panel = page.getByRole('region', { name: text(words, 'header.notifications') });
    const short = text(words, 'notifications.events.documentsRequired.short').replace('{{id}}', String(id));
    await expect(panel.getByRole('link', { name: short })).toBeVisible();
    await expectNoEnglishFromProfile(page, code, 'the notifications');
    await page.keyboard.press('Escape');
    await page.goto('/apps/mailbox');
    const title = text(words, 'notifications.events.documentsRequired.title').replace('{{id}}', String(id));
    await page.getByRole('link', { name: new RegExp(`${escape(title)}$`) }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // The message names the documents, in the language.
    const w9 = profileTexts().find((entry) => entry.en === 'IRS Form W-9')!;
    await expect(page.getByRole('main').getByText(w9[code]!, { exact: false }).first()).toBeVisible();
    await expectNoEnglishFromProfile(page, code, 'the Inbox message');
    await expectNoAxeViolations(page);

    // The contact page: the units, their hours, the agency.
    await page.goto('/contactUsComponent');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const unit = profileTexts().find((entry) => entry.en === 'Child Care Assistance Eligibility Unit')!;
    await expect(page.getByRole('main').getByText(unit[code]!).first()).toBeVisible();
    await expectNoEnglishFromProfile(page, code, 'the contact page');
  });
}

test('a registration in Spanish gets its mails in Spanish', async ({ page }) => {
  test.setTimeout(90_000);
  const es = locale('es');
  // A subject's words before the product's name (which the mail fills in).
  const subjectStart = (key: string) => text(es, key).split('{{product}}')[0]!.trim();
  const email = `registro.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.gov`;
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('ui-settings', JSON.stringify({ locale: 'es' })));
  await page.goto('/users/profile');
  await expect(page.getByRole('heading', { name: text(es, 'auth.signIn.heading') })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
  await page.getByRole('link', { name: text(es, 'auth.signIn.createAccount') }).click();
  await page.getByLabel(text(es, 'auth.fields.name')).fill('Lucía Registro');
  await page.getByLabel(text(es, 'auth.fields.email')).fill(email);
  await page.getByLabel(text(es, 'auth.fields.password'), { exact: true }).fill(NEW_ACCOUNT_PASSWORD);
  await page.getByLabel(text(es, 'auth.fields.confirmPassword')).fill(NEW_ACCOUNT_PASSWORD);
  await page.getByRole('button', { name: text(es, 'auth.signUp.submit') }).click();
  await expect(page.getByRole('heading', { name: text(es, 'auth.signUp.checkEmailHeading') })).toBeVisible();

  const mailTo = async (subject: string) => {
    await page.goto('/dev/mail');
    const mail = page.getByRole('article').filter({ hasText: email }).first();
    await expect(mail).toContainText(subject);
    return mail;
  };
  const confirm = await mailTo(subjectStart('idpMail.confirmEmail.subject'));
  await expect(confirm).toContainText('Hola, Lucía Registro:');
  const link = await confirm.getByRole('link').first().getAttribute('href');
  expect(link).toBeTruthy();

  // Confirmed and signed in, the password reset mail comes in Spanish too.
  await page.goto(link!);
  await page
    .getByRole('link', { name: text(es, 'auth.confirmEmail.signIn') })
    .or(page.getByRole('button', { name: text(es, 'auth.confirmEmail.signIn') }))
    .first()
    .click();
  await expect(page.getByRole('heading', { name: text(es, 'auth.signIn.heading') })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: text(es, 'auth.signIn.forgotPassword') }).click();
  await page.getByLabel(text(es, 'auth.fields.email')).fill(email);
  await page.getByRole('button', { name: text(es, 'auth.passwordReset.submitRequest') }).click();
  await expect(page.getByRole('heading', { name: text(es, 'auth.passwordReset.checkEmailHeading') })).toBeVisible();
  await mailTo(subjectStart('idpMail.resetPassword.subject'));
});

import type { Page } from '@playwright/test';
import { completeApplication } from '../../apps/api/test/application-fixture';
import { callApi, submitApplication } from '../support/api';
import { createAccount, DEMO, signIn } from '../support/auth';
import { BASE_URL } from '../support/env';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

/** A new provider, reading the portal in `language`, with an application for care in `county`. */
async function providerIn(page: Page, county: string, language: string) {
  await createAccount(page, '/users/profile');
  await expect(page).toHaveURL(/\/users\/profile$/);
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
  }, language);
  expect(status).toBe(200);
  const application = completeApplication('registeredprovider');
  application.address = { ...application.address, county };
  await submitApplication(page, application);
}

test('an administrator announces to one county; its provider reads it in their language, another county’s does not', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const english = { title: `Rates change in July ${stamp}`, body: 'The new rates apply from 1 July.' };
  const spanish = {
    title: `Las tarifas cambian en julio ${stamp}`,
    body: 'Las nuevas tarifas se aplican desde el 1 de julio.',
  };

  const storyContext = await browser.newContext({ baseURL: BASE_URL });
  const story = await storyContext.newPage();
  await providerIn(story, 'Story', 'es');
  const polkContext = await browser.newContext({ baseURL: BASE_URL });
  const polk = await polkContext.newPage();
  await providerIn(polk, 'Polk', 'es');

  await signIn(page, DEMO.admin.email, DEMO.admin.password, '/staff/admin/announcements');
  await expect(page.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
  await expect(page).toHaveTitle(/^Announcements – /);
  await expectNoAxeViolations(page);

  // Sending with nothing written is refused on the page, before any confirmation.
  await page.getByRole('button', { name: 'Send announcement' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByText('Enter a title.').first()).toBeVisible();

  await page.getByRole('textbox', { name: 'Title', exact: true }).first().fill(english.title);
  await page.getByRole('textbox', { name: 'Message', exact: true }).first().fill(english.body);
  await page.getByRole('button', { name: 'Add a language' }).click();
  await page.getByRole('combobox', { name: 'Language', exact: true }).nth(1).selectOption('es');
  await page.getByRole('textbox', { name: 'Title', exact: true }).nth(1).fill(spanish.title);
  await page.getByRole('textbox', { name: 'Message', exact: true }).nth(1).fill(spanish.body);

  const counties = page.getByRole('group', { name: 'Counties' });
  await counties.getByRole('searchbox', { name: 'Filter counties' }).fill('Story');
  await counties.getByRole('checkbox', { name: 'Story' }).check();
  const count = page.getByTestId('audience-count');
  await expect(count).toHaveText(/^Providers reached: [1-9]/);
  const reached = Number((await count.textContent())?.replace(/\D/g, ''));
  await expectNoAxeViolations(page);

  // Confirmed by keyboard: the dialog says how many it reaches.
  await page.getByRole('button', { name: 'Send announcement' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Send this announcement?' });
  await expect(dialog).toContainText(`Providers reached: ${reached}`);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sent. Providers reached:' })).toBeVisible();
  await expect(dialog).toBeHidden();
  const sent = page.getByRole('region', { name: 'Sent announcements' }).getByRole('listitem').first();
  await expect(sent).toContainText(english.title);
  await expect(sent).toContainText(DEMO.admin.email);

  // Narrow phones: nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  // The Story provider finds it in their Inbox, in Spanish, once delivered (a job each 5 s).
  await expect
    .poll(
      async () =>
        (await callApi<{ items: { title: string }[] }>(story, '/api/Messages')).json.items.map((item) => item.title),
      { timeout: 60_000 },
    )
    .toContain(spanish.title);
  await story.goto('/apps/mailbox');
  await expect(story.getByRole('link').filter({ hasText: spanish.title })).toBeVisible();
  await expect(story.getByText(english.title)).toHaveCount(0);

  // The Polk provider never gets it.
  const polkTitles = (await callApi<{ items: { title: string }[] }>(polk, '/api/Messages')).json.items.map(
    (item) => item.title,
  );
  expect(polkTitles).not.toContain(spanish.title);
  expect(polkTitles).not.toContain(english.title);

  await storyContext.close();
  await polkContext.close();
});

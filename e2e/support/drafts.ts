import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Saves a draft through the API as the signed-in user (the token the web app holds). */
export async function saveDraftAsUser(page: Page, application: object): Promise<number> {
  return page.evaluate(async (json) => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
    const token = key
      ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token
      : '';
    const response = await fetch('/api/Application/save-my-draft-applications', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ id: 0, userEmail: '', applicationJson: JSON.stringify(json) }),
    });
    return ((await response.json()) as { id: number }).id;
  }, application);
}

/**
 * Saves `application` (without its signature) as a draft and submits it through the review page;
 * `listInDirectory` ticks the optional "list me in the public provider search".
 */
export async function submitThroughWizard(
  page: Page,
  application: Record<string, unknown>,
  options: { listInDirectory?: boolean } = {},
) {
  const draftId = await saveDraftAsUser(page, { ...application, conditions: undefined });
  await page.goto(
    `/registeredapplication/registration/${String(application.providerType)}?draft=${draftId}&step=complete-application-form`,
  );
  await page.getByRole('checkbox', { name: 'I have read and accept these conditions' }).check();
  if (options.listInDirectory)
    await page.getByRole('checkbox', { name: /List me in the public provider search/ }).check();
  await page.getByLabel('Your full legal name').fill('Maria Lopez');
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByText('Application submitted')).toBeVisible();
}

import type { Page } from '@playwright/test';

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

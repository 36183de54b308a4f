import type { Page } from '@playwright/test';

/** Calls the API as the signed-in user of the page, with the token the web app holds. */
export async function callApi<T>(page: Page, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ path, body }) => {
      const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
      const token = key
        ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token
        : '';
      const response = await fetch(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, json: (text ? JSON.parse(text) : null) as never };
    },
    { path, body },
  );
}

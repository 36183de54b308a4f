import { expect, type Page } from '@playwright/test';
import { completeApplication } from '../../apps/api/test/application-fixture';
import { createAccount } from './auth';

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

/** A complete registered-provider application whose care happens in Polk county (the demo worker's). */
export function polkApplication() {
  const application = completeApplication('registeredprovider');
  application.address = { ...application.address, county: 'Polk' };
  return application;
}

/** Saves the application as the signed-in user's draft and submits it; answers its id. */
export async function submitApplication(
  page: Page,
  application: ReturnType<typeof completeApplication>,
): Promise<number> {
  const applicationJson = JSON.stringify(application);
  const draft = await callApi<{ id: number }>(page, '/api/Application/save-my-draft-applications', {
    id: 0,
    userEmail: '',
    applicationJson,
  });
  const submitted = await callApi<{ applicationId: number }>(page, '/api/Application', {
    draftApplicationId: draft.json.id,
    applicationJson,
  });
  expect(submitted.status).toBe(201);
  return submitted.json.applicationId;
}

/** A new provider with a submitted application whose care happens in Polk county (the demo worker's). */
export async function applicantWithApplication(page: Page): Promise<number> {
  await createAccount(page, '/users/profile');
  await expect(page).toHaveURL(/\/users\/profile$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return submitApplication(page, polkApplication());
}

/** A worker signed in on `worker` takes an application into review and approves it. */
export async function approveApplication(worker: Page, applicationId: number): Promise<void> {
  for (const [action, version] of [
    ['start-review', 1],
    ['approve', 2],
  ] as const) {
    const answer = await callApi(worker, `/api/Staff/applications/${applicationId}/status`, { action, version });
    expect(answer.status).toBe(200);
  }
}

/**
 * The signed-in provider of `page` reports a change on their record and sends it; answers the
 * change's id. `answers` are the changed parts in the application's shape.
 */
export async function reportChange(
  page: Page,
  applicationId: number,
  change: { parts: string[]; answers: object; effectiveDate: string; note?: string },
): Promise<number> {
  const draft = await callApi<{ changeId: number; version: number }>(
    page,
    `/api/ProviderRecord/${applicationId}/changes`,
    change,
  );
  expect(draft.status).toBe(201);
  const sent = await callApi(page, `/api/ProviderRecord/changes/${draft.json.changeId}/submit`, {
    version: draft.json.version,
  });
  expect(sent.status).toBe(200);
  return draft.json.changeId;
}

/** A small but real PDF (its header and end mark), naming what it stands for inside a comment. */
export const pdfOf = (label: string) => Buffer.from(`%PDF-1.4\n% ${label}\n%%EOF\n`);

/** The signed-in applicant of `page` uploads a small PDF for every document their application needs. */
export async function uploadEveryDocument(page: Page, applicationId: number): Promise<void> {
  const list = await callApi<{ documentId: number; documentName: string }[]>(
    page,
    `/api/Application/${applicationId}/documents`,
  );
  expect(list.status).toBe(200);
  for (const document of list.json) {
    const uploaded = await callApi(page, '/api/Application/upload-documents', {
      applicationId,
      documentId: document.documentId,
      documentName: `document-${document.documentId}.pdf`,
      documentStream: pdfOf(document.documentName).toString('base64'),
    });
    expect(uploaded.status).toBe(200);
  }
}

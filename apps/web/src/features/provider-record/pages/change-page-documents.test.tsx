import type { ChangeDocuments, ChangeDocumentUpload, MyProviderRecord, ProviderChange } from '@ccap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

const recordCheck = {
  code: 'record-check',
  documentName: 'Record check authorization (Form 470-3301) – Rosa Lopez',
  description: 'Signed by each adult',
};

const change: ProviderChange = {
  changeId: 12,
  applicationId: 31,
  providerName: 'Little Oaks Home Care',
  county: 'Polk',
  status: 'submitted',
  parts: ['adults'],
  effectiveDate: '2026-11-20',
  note: null,
  version: 2,
  basedOnVersion: 1,
  currentRecordVersion: 1,
  conflict: false,
  before: {},
  current: null,
  after: {},
  documentsNeeded: [recordCheck],
  createdAt: '2026-11-19T15:00:00.000Z',
  submittedAt: '2026-11-19T15:00:00.000Z',
  decidedAt: null,
  decisionReason: null,
  appliedVersion: null,
  appliedWithoutReview: false,
};

const file = {
  documentId: 4,
  code: recordCheck.code,
  documentName: recordCheck.documentName,
  fileName: 'rosa-check.pdf',
  contentType: 'application/pdf',
  size: 4,
  uploadedAt: '2026-11-19T15:00:00.000Z',
  url: '/api/ProviderRecord/changes/documents/4/file',
};

const documentsWith = (files: (typeof file)[]): ChangeDocuments => ({
  changeId: 12,
  canUpload: true,
  missingCount: files.length === 0 ? 1 : 0,
  documents: [{ ...recordCheck, missing: files.length === 0, files }],
});

describe('the documents of a reported change, for its provider', () => {
  it('says which are missing, uploads one for the chosen document, and deletes it again', async () => {
    let uploaded: ChangeDocumentUpload | undefined;
    let deleted = false;
    server.use(
      http.get('*/api/ProviderRecord/changes/12', () => HttpResponse.json(change)),
      http.get('*/api/ProviderRecord', () => HttpResponse.json({ record: null } satisfies MyProviderRecord)),
      http.get('*/api/ProviderRecord/changes/12/documents', () => HttpResponse.json(documentsWith([]))),
      http.post('*/api/ProviderRecord/changes/12/documents', async ({ request }) => {
        uploaded = (await request.json()) as ChangeDocumentUpload;
        return HttpResponse.json(documentsWith([file]), { status: 201 });
      }),
      http.delete('*/api/ProviderRecord/changes/documents/4', () => {
        deleted = true;
        return HttpResponse.json(documentsWith([]));
      }),
    );
    await renderRoute('/my-provider-record/changes/12');
    const documents = await screen.findByRole('region', { name: 'Documents for this change' });
    expect(within(documents).getByText('Documents still missing: 1.')).toBeInTheDocument();
    const form = within(documents).getByRole('form', { name: 'Upload a document for this change' });

    // Nothing chosen: nothing is sent, and the widget says so.
    await userEvent.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(await within(form).findByText('Choose a file to upload.')).toBeInTheDocument();
    expect(uploaded).toBeUndefined();

    const input = form.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['%PDF'], 'rosa-check.pdf', { type: 'application/pdf' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(await within(documents).findByText('rosa-check.pdf was uploaded.')).toBeInTheDocument();
    expect(uploaded).toMatchObject({
      code: 'record-check',
      documentName: recordCheck.documentName,
      fileName: 'rosa-check.pdf',
      documentStream: btoa('%PDF'),
    });
    expect(within(documents).queryByText(/Documents still missing/)).not.toBeInTheDocument();
    expect(within(documents).getByText('Received')).toBeInTheDocument();

    await userEvent.click(within(documents).getByRole('button', { name: 'Delete rosa-check.pdf' }));
    expect(await within(documents).findByText('rosa-check.pdf was deleted.')).toBeInTheDocument();
    await waitFor(() => expect(deleted).toBe(true));
    expect(within(documents).getByText('Missing')).toBeInTheDocument();
  });
});

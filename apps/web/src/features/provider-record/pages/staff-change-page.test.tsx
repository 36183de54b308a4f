import type { ChangeDecision, ProviderChange } from '@ccap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

const address = (address1: string) => ({
  address: {
    careLocation: { address1, city: 'Ames', state: 'IA', zipCode: '50010' },
    mailingSameAsCare: true,
    county: 'Polk',
  },
});

const change: ProviderChange = {
  changeId: 12,
  applicationId: 31,
  providerName: 'Little Oaks Home Care',
  county: 'Polk',
  status: 'submitted',
  parts: ['address'],
  effectiveDate: '2026-11-20',
  note: 'We moved',
  version: 2,
  basedOnVersion: 1,
  currentRecordVersion: 1,
  conflict: false,
  before: address('1 Main St'),
  current: null,
  after: address('9 Elm Street'),
  documentsNeeded: [],
  createdAt: '2026-11-19T15:00:00.000Z',
  submittedAt: '2026-11-19T15:00:00.000Z',
  decidedAt: null,
  decisionReason: null,
  appliedVersion: null,
  appliedWithoutReview: false,
};

describe('a reported change under review', () => {
  it('shows exactly what changes, and approves on the version seen', async () => {
    let decided: ChangeDecision | undefined;
    server.use(
      http.get('*/api/ProviderRecord/changes/12', () =>
        HttpResponse.json(decided ? { ...change, status: 'applied', version: 3, appliedVersion: 2 } : change),
      ),
      http.post('*/api/Staff/changes/12/decision', async ({ request }) => {
        decided = (await request.json()) as ChangeDecision;
        return HttpResponse.json({ ...change, status: 'applied', version: 3, appliedVersion: 2 });
      }),
    );
    await renderRoute('/staff/changes/12');
    expect(await screen.findByRole('link', { name: 'Open the provider’s record' })).toHaveAttribute(
      'href',
      '/staff/records/31',
    );
    const table = await screen.findByRole('table', { name: 'What changes in Addresses' });
    const rows = within(table).getAllByRole('row');
    // The header and the one answer that differs.
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('Street address');
    expect(rows[1]).toHaveTextContent('1 Main St');
    expect(rows[1]).toHaveTextContent('9 Elm Street');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('status')).toHaveTextContent('In effect');
    expect(decided).toEqual({ action: 'approve', version: 2 });
  });

  it('shows a conflict with the version now in force, and approves only over it', async () => {
    let decided: ChangeDecision | undefined;
    server.use(
      http.get('*/api/ProviderRecord/changes/12', () =>
        HttpResponse.json({ ...change, conflict: true, currentRecordVersion: 2, current: address('5 Oak Lane') }),
      ),
      http.post('*/api/Staff/changes/12/decision', async ({ request }) => {
        decided = (await request.json()) as ChangeDecision;
        return HttpResponse.json({ ...change, status: 'applied', version: 3 });
      }),
    );
    await renderRoute('/staff/changes/12');
    expect(await screen.findByText(/version 2 is now in force/)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Now in force' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Street address/ })).toHaveTextContent('5 Oak Lane');
    await userEvent.click(screen.getByRole('button', { name: 'Approve over version 2' }));
    await waitFor(() => expect(decided).toEqual({ action: 'approve', version: 2, overVersion: 2 }));
  });
});

describe('a reported change that needs documents', () => {
  const needed = {
    code: 'record-check',
    documentName: 'Record check authorization (Form 470-3301) – Rosa Lopez',
    description: 'Signed by each adult',
  };
  const physical = { ...needed, code: 'physical', documentName: 'Physical examination report – Rosa Lopez' };

  it('shows staff which documents are missing, and lets them request information on the change', async () => {
    let requested: unknown;
    server.use(
      http.get('*/api/ProviderRecord/changes/12', () =>
        HttpResponse.json({ ...change, parts: ['adults'], before: {}, after: {}, documentsNeeded: [needed, physical] }),
      ),
      http.get('*/api/ProviderRecord/changes/12/documents', () =>
        HttpResponse.json({
          changeId: 12,
          canUpload: false,
          missingCount: 1,
          documents: [
            {
              ...needed,
              missing: false,
              files: [
                {
                  documentId: 4,
                  code: needed.code,
                  documentName: needed.documentName,
                  fileName: 'rosa-check.pdf',
                  contentType: 'application/pdf',
                  size: 1200,
                  uploadedAt: '2026-11-19T15:00:00.000Z',
                  url: '/api/ProviderRecord/changes/documents/4/file',
                },
              ],
            },
            { ...physical, missing: true, files: [] },
          ],
        }),
      ),
      http.post('*/api/rfi/CreateRfi', async ({ request }) => {
        requested = await request.json();
        return HttpResponse.json({ rfiId: 7 }, { status: 201 });
      }),
    );
    await renderRoute('/staff/changes/12');
    const documents = await screen.findByRole('region', { name: 'Documents for this change' });
    expect(within(documents).getByText('Documents still missing: 1.')).toBeInTheDocument();
    expect(within(documents).getByRole('button', { name: /rosa-check\.pdf/ })).toBeInTheDocument();
    expect(within(documents).getByText('Missing')).toBeInTheDocument();
    // Staff read the documents; they do not upload or delete them.
    expect(within(documents).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(documents).queryByRole('form')).not.toBeInTheDocument();

    const rfis = await screen.findByRole('region', { name: 'Requests for information' });
    expect(within(rfis).getByText('There are no requests for information on this change yet.')).toBeInTheDocument();
    await userEvent.type(within(rfis).getByLabelText(/Your request to the applicant/), 'Is Rosa living with you?');
    await userEvent.click(within(rfis).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(requested).toMatchObject({ changeId: 12, serviceWorkerComment: 'Is Rosa living with you?' }),
    );
    expect(requested).not.toHaveProperty('applicationId');
  });
});

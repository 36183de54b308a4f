import type { RequestDocument, StaffApplication, WaiveDocument } from '@ccap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render';
import { requiredDocument } from '@/test/application-fixtures';
import { server } from '@/test/server';

const review: StaffApplication = {
  applicationId: 41,
  providerName: 'Little Acorns',
  providerType: 'registeredprovider',
  county: 'Polk',
  status: 'in-review',
  submittedAt: '2026-01-05T10:00:00.000Z',
  decidedAt: null,
  daysWaiting: 3,
  overdue: false,
  version: 3,
  assignee: null,
  application: { providerType: 'registeredprovider' },
  documents: [{ ...requiredDocument({ canUpload: false }), requestedByStaff: false }],
  statusHistory: [],
  auditTrail: [],
  allowedActions: ['approve', 'deny', 'withdraw'],
};

function fakeChecklist(latencyMs = 0) {
  const requests: RequestDocument[] = [];
  const waivers: (WaiveDocument & { documentId: number })[] = [];
  server.use(
    http.get('*/api/Staff/applications/41', () => HttpResponse.json(review)),
    http.post('*/api/Staff/applications/41/documents', async ({ request }) => {
      const body = (await request.json()) as RequestDocument;
      requests.push(body);
      await delay(latencyMs);
      return HttpResponse.json(
        { ...review.documents[0], documentId: 8, ...body, requestedByStaff: true },
        { status: 201 },
      );
    }),
    http.post('*/api/Staff/applications/41/documents/:documentId/waive', async ({ request, params }) => {
      const body = (await request.json()) as WaiveDocument;
      waivers.push({ documentId: Number(params.documentId), ...body });
      await delay(latencyMs);
      return HttpResponse.json({ ...review.documents[0], isWaived: true, waiveReason: body.reason });
    }),
  );
  return { requests, waivers };
}

describe('the required-documents checklist', () => {
  it('asks for another document only with a name and a description', async () => {
    const api = fakeChecklist();
    await renderRoute('/staff/applications/41');
    const form = await screen.findByRole('form', { name: 'Ask for another document' });
    await userEvent.click(within(form).getByRole('button', { name: 'Ask for the document' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent("Enter the document's name.");
    expect(within(form).getByLabelText('Document name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests).toEqual([]);

    await userEvent.type(within(form).getByLabelText('Document name'), 'Fire inspection report');
    await userEvent.type(within(form).getByLabelText('What the applicant should send'), 'The latest report.');
    await userEvent.click(within(form).getByRole('button', { name: 'Ask for the document' }));
    await waitFor(() =>
      expect(api.requests).toEqual([{ documentName: 'Fire inspection report', description: 'The latest report.' }]),
    );
    expect(await screen.findByText('Fire inspection report was added to the required documents.')).toBeInTheDocument();
  });

  it('asks once for a document however quickly the button is pressed twice', async () => {
    const api = fakeChecklist(200);
    await renderRoute('/staff/applications/41');
    const form = await screen.findByRole('form', { name: 'Ask for another document' });
    await userEvent.type(within(form).getByLabelText('Document name'), 'Fire inspection report');
    await userEvent.type(within(form).getByLabelText('What the applicant should send'), 'The latest report.');
    await userEvent.dblClick(within(form).getByRole('button', { name: 'Ask for the document' }));
    expect(await screen.findByText('Fire inspection report was added to the required documents.')).toBeInTheDocument();
    expect(api.requests).toHaveLength(1);
  });

  it('waives once however quickly Waive is pressed twice', async () => {
    const api = fakeChecklist(200);
    await renderRoute('/staff/applications/41');
    await userEvent.click(await screen.findByRole('button', { name: 'Waive IRS Form W-9' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Waive IRS Form W-9?' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Seen in person.');
    await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Waive' }));
    expect(await screen.findByText('IRS Form W-9 is waived.')).toBeInTheDocument();
    expect(api.waivers).toHaveLength(1);
  });

  it('waives a document with the reason given', async () => {
    const api = fakeChecklist();
    await renderRoute('/staff/applications/41');
    await userEvent.click(await screen.findByRole('button', { name: 'Waive IRS Form W-9' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Waive IRS Form W-9?' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Seen in person.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Waive' }));
    await waitFor(() => expect(api.waivers).toEqual([{ documentId: 7, reason: 'Seen in person.' }]));
    expect(await screen.findByText('IRS Form W-9 is waived.')).toBeInTheDocument();
  });

  describe('the preview', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('frames an uploaded PDF as a PDF, whatever type the file answer claims', async () => {
      const uploaded = {
        ...review.documents[0],
        isUploaded: true,
        file: {
          fileName: 'w9.pdf',
          contentType: 'application/pdf',
          size: 9,
          sha256: 'a'.repeat(64),
          uploadedAt: '2026-01-05T10:00:00.000Z',
        },
      };
      const blobs: Blob[] = [];
      const createObjectURL = vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:preview';
      });
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
      server.use(
        http.get('*/api/Staff/applications/41', () => HttpResponse.json({ ...review, documents: [uploaded] })),
        // A file answer labelled as a web page must never be framed as one (a blob: frame has
        // this page's origin; the CSP lets blob: frames in for this preview).
        http.get(
          '*/api/Application/41/documents/7/file',
          () => new HttpResponse('%PDF-1.4\n', { headers: { 'content-type': 'text/html' } }),
        ),
      );
      await renderRoute('/staff/applications/41');
      await userEvent.click(await screen.findByRole('button', { name: 'View IRS Form W-9' }));
      const frame = await screen.findByTitle('Preview of IRS Form W-9');
      expect(frame.tagName).toBe('IFRAME');
      expect(frame).toHaveAttribute('src', 'blob:preview');
      expect(blobs.map((blob) => blob.type)).toEqual(['application/pdf']);
    });
  });
});

import type { RequiredDocument } from '@ccap/contracts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { requiredDocument } from '@/test/application-fixtures';
import { problem } from '@/test/handlers';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

const w9 = requiredDocument();
const cpr: RequiredDocument = {
  ...w9,
  documentId: 8,
  documentName: 'CPR certificate',
  description: 'A current CPR certificate',
};
const photoId: RequiredDocument = {
  ...w9,
  documentId: 9,
  documentName: 'Photo identification',
  description: 'A photo ID',
  isUploaded: true,
  file: {
    fileName: 'José Núñez ID.pdf',
    contentType: 'application/pdf',
    size: 1200,
    sha256: 'a'.repeat(64),
    uploadedAt: '2026-01-05T10:00:00.000Z',
  },
};

const answering = (documents: RequiredDocument[]) =>
  server.use(http.get('*/api/Application/42/documents', () => HttpResponse.json(documents)));
const cardOf = async (name: string) => (await screen.findByRole('heading', { level: 2, name })).closest('article')!;
const offersUpload = (card: HTMLElement) => ({
  chooser: within(card).queryByText(/^File for /) !== null,
  upload: within(card).queryByRole('button', { name: 'Upload' }) !== null,
});

describe('the documents upload page', () => {
  it('shows a waived document as not needed any more, with the reason staff gave, and offers no upload for it', async () => {
    answering([w9, { ...cpr, isWaived: true, waiveReason: 'We already have your CPR certificate from 2025.' }]);
    await renderRoute('/documents/42');

    const waived = await cardOf('CPR certificate');
    expect(waived).toHaveTextContent('Not needed any more');
    expect(waived).toHaveTextContent('Reason: We already have your CPR certificate from 2025.');
    expect(waived).not.toHaveTextContent('Not uploaded yet');
    expect(offersUpload(waived)).toEqual({ chooser: false, upload: false });

    const open = await cardOf('IRS Form W-9');
    expect(open).toHaveTextContent('Not uploaded yet');
    expect(offersUpload(open)).toEqual({ chooser: true, upload: true });
    expect(screen.queryByText('Documents can no longer be added to this application.')).not.toBeInTheDocument();
  });

  it('offers no upload once the application is decided or withdrawn, says so, and still opens what was sent', async () => {
    answering([w9, photoId].map((document) => ({ ...document, canUpload: false })));
    await renderRoute('/documents/42');

    const missing = await cardOf('IRS Form W-9');
    expect(missing).toHaveTextContent('Not uploaded yet');
    expect(offersUpload(missing)).toEqual({ chooser: false, upload: false });
    expect(screen.getByRole('status')).toHaveTextContent('Documents can no longer be added to this application.');
    const sent = await cardOf('Photo identification');
    expect(within(sent).getByRole('button', { name: 'View Document' })).toBeInTheDocument();
    expect(sent).toHaveTextContent('José Núñez ID.pdf');
  });

  it('says "not found", with a way back to the dashboard, for an application that is not the user’s', async () => {
    server.use(http.get('*/api/Application/42/documents', () => problem(404, 'about:blank')));
    await renderRoute('/documents/42');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not find this application. Check the address, or go back to your dashboard.',
    );
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByText(/reload the page/)).not.toBeInTheDocument();
    expect(screen.queryByText(/The documents application 42 needs/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Documents Upload' })).toBeInTheDocument();
  });

  it('asks for a reload when the documents fail to load for another reason', async () => {
    server.use(http.get('*/api/Application/42/documents', () => problem(400, 'about:blank')));
    await renderRoute('/documents/42');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The documents could not be loaded. Please reload the page.',
    );
    expect(screen.queryByRole('link', { name: 'Go to your dashboard' })).not.toBeInTheDocument();
  });
});

import type { ApplicationStatus, CurrentUser, RequiredDocument, RfiPermissions } from '@ccap/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { requiredDocument } from '@/test/application-fixtures';
import { problem, testUser, unavailable } from '@/test/handlers';
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

  it('says the virus scanner is away for a while, not that something went wrong, when an upload is turned away', async () => {
    answering([w9]);
    // The API's answer when ClamAV cannot be reached: 503 with Retry-After, no delay in the body.
    server.use(http.post('*/api/Application/42/documents/:documentId/file', () => unavailable(120)));
    const user = userEvent.setup();
    await renderRoute('/documents/42');
    const card = await cardOf('IRS Form W-9');
    await user.upload(
      document.getElementById(`file-${w9.documentId}`) as HTMLInputElement,
      new File(['%PDF-1.4'], 'w9.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(card).getByRole('button', { name: 'Upload' }));

    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'The service is busy or temporarily unavailable. Nothing you had already saved was lost. Please try again in 120 seconds.',
    );
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

describe('the documents page opened by staff', () => {
  /** Staff of the county who do not own application 42, as the API's permissions call says. */
  const asCountyStaff = (applicationStatus: ApplicationStatus) =>
    server.use(
      http.get('*/api/Rfi/42/permissions', () =>
        HttpResponse.json({
          applicationId: 42,
          applicationStatus,
          mode: 'service-worker',
          canRequest: false,
          canComplete: false,
          canReply: false,
        } satisfies RfiPermissions),
      ),
    );
  // The API offers staff no upload, whatever the application's status.
  const forStaff = [w9, photoId].map((document) => ({ ...document, canUpload: false }));

  it.each([
    ['approved', 'This application is decided: documents can no longer be added.'],
    ['denied', 'This application is decided: documents can no longer be added.'],
    ['withdrawn', 'This application was withdrawn: documents can no longer be added.'],
  ] as const)('says in words for staff that the application (%s) takes no more documents', async (status, notice) => {
    asCountyStaff(status);
    answering(forStaff);
    await renderRoute('/documents/42');

    const missing = await cardOf('IRS Form W-9');
    expect(offersUpload(missing)).toEqual({ chooser: false, upload: false });
    expect(screen.getByRole('status')).toHaveTextContent(notice);
    expect(screen.queryByText('Documents can no longer be added to this application.')).not.toBeInTheDocument();
    expect(screen.queryByText(/Upload each one/)).not.toBeInTheDocument();
    expect(screen.getByText(/Only the applicant uploads files here/)).toBeInTheDocument();
    const sent = await cardOf('Photo identification');
    expect(within(sent).getByRole('button', { name: 'View Document' })).toBeInTheDocument();
  });

  it('does not call an open application closed, and leads back to its review page, not a dashboard', async () => {
    asCountyStaff('in-review');
    answering(forStaff);
    await renderRoute('/documents/42');

    await cardOf('IRS Form W-9');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText(/can no longer be added/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the review page of application 42' })).toHaveAttribute(
      'href',
      '/staff/applications/42',
    );
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Application' })).toHaveAttribute('href', '/staff/applications/42');
    expect(within(crumbs).getByRole('link', { name: 'List' })).toHaveAttribute('href', '/staff');
  });

  it('says an application with no documents needs none, not "your application"', async () => {
    asCountyStaff('submitted');
    answering([]);
    await renderRoute('/documents/42');

    expect(await screen.findByText('This application needs no documents right now.')).toBeInTheDocument();
    expect(screen.queryByText(/Your application/)).not.toBeInTheDocument();
  });

  it('asks nothing more of the API for an applicant without a staff role', async () => {
    const applicantOnly: CurrentUser = { ...testUser, roles: ['applicant'] };
    let asked = 0;
    server.use(
      http.get('*/api/User/me', () => HttpResponse.json(applicantOnly)),
      http.get('*/api/Rfi/42/permissions', () => {
        asked += 1;
        return problem(500, 'about:blank');
      }),
    );
    answering([w9, photoId].map((document) => ({ ...document, canUpload: false })));
    await renderRoute('/documents/42');

    await cardOf('IRS Form W-9');
    expect(screen.getByRole('status')).toHaveTextContent('Documents can no longer be added to this application.');
    expect(screen.getByText(/Upload each one/)).toBeInTheDocument();
    expect(asked).toBe(0);
  });
});

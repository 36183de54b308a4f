import {
  type ApplicationReadLog,
  canRenewWith,
  type DashboardResponse,
  type DraftRecord,
  type MyApprovalTerm,
  type RenewalState,
} from '@ccap/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

const submitted: DashboardResponse = {
  isDocumentRequired: true,
  applicationId: 31,
  providerApplication: {
    applicationId: 31,
    providerType: 'unregisteredprovider',
    providerName: 'Little Oaks Home Care',
    status: 'submitted',
    submittedAt: '2026-11-20T15:00:00.000Z',
    missingDocuments: [
      { documentId: 4, code: 'staff-request', documentName: 'IRS Form W-9', description: 'Signed W-9' },
    ],
    openRfiCount: 0,
    statusHistory: [{ status: 'submitted', changedAt: '2026-11-20T15:00:00.000Z', reason: null }],
  },
};

const noReads: ApplicationReadLog = { applicationId: 31, readerShownAs: 'unit', items: [], total: 0 };

function arrange(
  dashboard: DashboardResponse,
  drafts: DraftRecord[] = [],
  reads = noReads,
  approval: MyApprovalTerm = { approval: null },
) {
  server.use(
    http.get('*/api/ProviderRecord/approval', () => HttpResponse.json(approval)),
    http.get('*/api/Dashboard/get-dashboard', () => HttpResponse.json(dashboard)),
    http.get('*/api/Application/:id/reads', () => HttpResponse.json(reads)),
    http.post('*/api/Application/get-my-draft-applications', () => HttpResponse.json(drafts)),
  );
}

describe('the dashboard', () => {
  it('with an application: upload while documents are required, the RFI page, no create or resume', async () => {
    arrange(submitted);
    await renderRoute('/dashboard');
    expect(await screen.findByRole('link', { name: 'Upload Missing Documents' })).toHaveAttribute(
      'href',
      '/documents/31',
    );
    expect(screen.getByRole('link', { name: 'Go To RFI' })).toHaveAttribute('href', '/rfi-v1/31');
    expect(screen.queryByRole('link', { name: 'Create an application' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pick where you left' })).not.toBeInTheDocument();
    expect(screen.getByText('Upload the 1 document your application still needs.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Timeline' })).toBeInTheDocument();
  });

  it('links an approved provider to their provider record', async () => {
    arrange({
      ...submitted,
      isDocumentRequired: false,
      providerApplication: { ...submitted.providerApplication!, status: 'approved' },
    });
    await renderRoute('/dashboard');
    expect(await screen.findByRole('link', { name: 'My provider record' })).toHaveAttribute(
      'href',
      '/my-provider-record',
    );
  });

  it('tells an approved provider when the approval ends, and what to do once it has lapsed', async () => {
    const approved = {
      ...submitted,
      isDocumentRequired: false,
      providerApplication: { ...submitted.providerApplication!, status: 'approved' as const },
    };
    arrange(approved, [], noReads, { approval: { endsOn: '2028-11-20', daysLeft: 720, lapsed: false } });
    const first = await renderRoute('/dashboard');
    expect(await screen.findByText('Your approval ends on November 20, 2028 (days left: 720).')).toBeInTheDocument();
    first.unmount();

    arrange(approved, [], noReads, { approval: { endsOn: '2026-11-20', daysLeft: -9, lapsed: true } });
    await renderRoute('/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Your approval ended on November 20, 2026 with no renewal, so it has lapsed.*Renew from your Dashboard to be approved again/,
    );
  });

  describe('the Renew button', () => {
    const approved = {
      ...submitted,
      isDocumentRequired: false,
      providerApplication: { ...submitted.providerApplication!, status: 'approved' as const },
    };
    /** The record's renewal as the API states it `daysLeft` days before the last day (negative: after). */
    const renewalAt = (daysLeft: number, overrides: Partial<RenewalState> = {}): RenewalState => ({
      recordApplicationId: 31,
      endsOn: '2026-12-20',
      daysLeft,
      lapsed: daysLeft < 0,
      opensOn: '2026-09-21',
      canRenew: canRenewWith(daysLeft),
      draftId: null,
      sent: null,
      answeredOn: {
        categoryTypes: '2024-12-21',
        providerInfo: '2024-12-21',
        address: '2024-12-21',
        assistants: '2024-12-21',
        children: '2024-12-21',
        adults: '2024-12-21',
        w9Info: '2024-12-21',
        ratesInfo: '2024-12-21',
        operationHoursInfo: '2024-12-21',
        conditions: '2024-12-21',
      },
      documentsOnFile: [],
      ...overrides,
    });
    const arrangeRenewal = (renewal: RenewalState) => {
      const started: unknown[] = [];
      arrange(approved, [], noReads, {
        approval: { endsOn: renewal.endsOn, daysLeft: renewal.daysLeft, lapsed: renewal.lapsed },
      });
      server.use(
        http.get('*/api/ProviderRecord/renewal', () => HttpResponse.json({ renewal })),
        http.post('*/api/ProviderRecord/renewal', async ({ request }) => {
          started.push(await request.json());
          return HttpResponse.json({ draftId: 77, providerType: 'registeredprovider' }, { status: 201 });
        }),
      );
      return started;
    };

    it('is hidden more than 90 days before the end', async () => {
      arrangeRenewal(renewalAt(91));
      await renderRoute('/dashboard');
      expect(await screen.findByRole('link', { name: 'My provider record' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Renew' })).not.toBeInTheDocument();
      expect(screen.queryByText(/Renew your approval/)).not.toBeInTheDocument();
    });

    it('shows from 90 days before the end and opens the wizard on the renewal draft', async () => {
      const started = arrangeRenewal(renewalAt(90));
      const { router } = await renderRoute('/dashboard');
      await userEvent.click(await screen.findByRole('button', { name: 'Renew' }));
      await vi.waitFor(() =>
        expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
          '/registeredapplication/registration/registeredprovider?draft=77',
        ),
      );
      expect(started).toHaveLength(1);
    });

    it('shows after a lapse', async () => {
      arrangeRenewal(renewalAt(-5));
      await renderRoute('/dashboard');
      expect(await screen.findByRole('button', { name: 'Renew' })).toBeInTheDocument();
    });

    it('offers to continue a renewal begun, and once it is sent says the record stays in force', async () => {
      arrangeRenewal(renewalAt(40, { draftId: 77 }));
      const first = await renderRoute('/dashboard');
      expect(await screen.findByRole('button', { name: 'Continue your renewal' })).toBeInTheDocument();
      first.unmount();

      arrangeRenewal(renewalAt(40, { sent: { applicationId: 52, status: 'submitted', sentOn: '2026-11-10' } }));
      await renderRoute('/dashboard');
      expect(
        await screen.findByText(
          'Your renewal was sent on November 10, 2026. Your record stays in force until it is decided.',
        ),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Renew|Continue your renewal/ })).not.toBeInTheDocument();
    });
  });

  it("lists who at the agency opened the application, by the unit's name", async () => {
    arrange(submitted, [], {
      ...noReads,
      items: [
        {
          readAt: '2026-11-21T15:00:00.000Z',
          action: 'document.read',
          reader: 'Child Care Assistance Eligibility Unit',
          item: 'Proof of identity',
        },
      ],
      total: 1,
    });
    await renderRoute('/dashboard');
    const section = await screen.findByRole('region', { name: 'Who at the agency opened your file' });
    expect(await within(section).findByText(/Child Care Assistance Eligibility Unit/)).toBeInTheDocument();
    expect(within(section).getByText(/Opened one of your documents/)).toBeInTheDocument();
    expect(within(section).getByText(/Proof of identity/)).toBeInTheDocument();
  });

  it('an open request for information comes first in what to do next', async () => {
    arrange({
      ...submitted,
      providerApplication: { ...submitted.providerApplication!, status: 'information-requested', openRfiCount: 1 },
    });
    await renderRoute('/dashboard');
    expect(
      await screen.findByText(
        'The state has asked you for more information. Answer the request so your review can go on.',
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Information requested').length).toBeGreaterThan(0);
  });

  it('once every request is answered, the wait is for the worker, not the provider', async () => {
    arrange({
      ...submitted,
      isDocumentRequired: false,
      providerApplication: { ...submitted.providerApplication!, status: 'information-requested', openRfiCount: 0 },
    });
    await renderRoute('/dashboard');
    expect(
      await screen.findByText(
        'Nothing for now. A worker is reading your answer to the request for information; your review goes on after that.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Answer the request/)).not.toBeInTheDocument();
  });

  it('no upload button once nothing is required', async () => {
    arrange({ ...submitted, isDocumentRequired: false });
    await renderRoute('/dashboard');
    expect(await screen.findByRole('link', { name: 'Go To RFI' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upload Missing Documents' })).not.toBeInTheDocument();
  });

  it('asks for nothing more once the application is decided, whatever was never sent', async () => {
    arrange({
      ...submitted,
      isDocumentRequired: false,
      providerApplication: { ...submitted.providerApplication!, status: 'denied' },
    });
    await renderRoute('/dashboard');
    expect(
      await screen.findByText(
        'Your application was denied. The reason is in the timeline below; contact your county office with any questions.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Upload the 1 document/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Documents still needed' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upload Missing Documents' })).not.toBeInTheDocument();
  });

  it('without an application: create, and resume the latest draft by its provider type', async () => {
    arrange({ isDocumentRequired: false, applicationId: null, providerApplication: null }, [
      { id: 3, userEmail: '', applicationJson: '{"providerType":"registeredprovider"}', version: 1, updatedAt: '' },
      { id: 8, userEmail: '', applicationJson: '{"providerType":"UnregisteredProvider"}', version: 2, updatedAt: '' },
    ]);
    const user = userEvent.setup();
    await renderRoute('/dashboard');
    expect(await screen.findByRole('link', { name: 'Create an application' })).toHaveAttribute(
      'href',
      '/registeredapplication',
    );
    expect(screen.getByRole('link', { name: 'Go To RFI' })).toHaveAttribute('href', '/rfi-v1/0');
    await user.click(screen.getByRole('button', { name: 'Pick where you left' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Non-registered provider application' }),
    ).toBeInTheDocument();
  });

  it('"Go To RFI" with no application comes back to the dashboard saying why', async () => {
    arrange({ isDocumentRequired: false, applicationId: null, providerApplication: null });
    const user = userEvent.setup();
    await renderRoute('/dashboard');
    expect(screen.queryByText(/You have no application yet/)).toBeNull();
    await user.click(await screen.findByRole('link', { name: 'Go To RFI' }));
    expect(
      await screen.findByText(/You have no application yet, so there is no request for information to answer\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('the documents page with no application comes back to the dashboard saying why', async () => {
    arrange({ isDocumentRequired: false, applicationId: null, providerApplication: null });
    await renderRoute('/documents');
    expect(
      await screen.findByText(
        'You have no application yet, so there are no documents to upload. Create an application first.',
      ),
    ).toBeInTheDocument();
  });

  it('resuming with no draft logs an error and tells the user', async () => {
    arrange({ isDocumentRequired: false, applicationId: null, providerApplication: null });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Pick where you left' }));
    expect(await screen.findByText('You have no saved draft.')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Pick where you left: there is no draft to resume');
    log.mockRestore();
  });
});

import type { ApprovalTerm, StaffApplication } from '@ccap/contracts';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

const application = (status: StaffApplication['status']): StaffApplication => ({
  applicationId: 41,
  providerName: 'Little Acorns',
  providerType: 'registeredprovider',
  county: 'Polk',
  status,
  submittedAt: '2026-01-05T10:00:00.000Z',
  decidedAt: status === 'approved' ? '2026-01-09T10:00:00.000Z' : null,
  daysWaiting: 3,
  overdue: false,
  version: 3,
  assignee: null,
  application: {
    providerType: 'registeredprovider',
    providerInfo: { firstName: 'Maria', lastName: 'Lopez', businessName: 'Little Acorns' },
  },
  documents: [],
  statusHistory: [],
  auditTrail: [],
  allowedActions: [],
});

function arrange(status: StaffApplication['status'], term: ApprovalTerm) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/Rfi/41', () => HttpResponse.json([])),
    http.get('*/api/Rfi/41/permissions', () =>
      HttpResponse.json({ mode: 'service-worker', canRequest: false, canComplete: false, canReply: false }),
    ),
    http.get('*/api/Staff/applications/41', () => HttpResponse.json(application(status))),
    http.get('*/api/ProviderRecord/:id/approval', ({ params }) => {
      asked.push(String(params.id));
      return HttpResponse.json(term);
    }),
  );
  return asked;
}

describe('the review page of an approved application', () => {
  it('shows when the approval ends and the days left', async () => {
    const asked = arrange('approved', { endsOn: '2028-11-20', daysLeft: 720, lapsed: false });
    await renderRoute('/staff/applications/41');
    expect(await screen.findByText('November 20, 2028 (days left: 720)')).toBeInTheDocument();
    expect(screen.getByText('Approval ends')).toBeInTheDocument();
    expect(asked).toEqual(['41']);
  });

  it('says when it has lapsed', async () => {
    arrange('approved', { endsOn: '2026-11-01', daysLeft: -9, lapsed: true });
    await renderRoute('/staff/applications/41');
    expect(await screen.findByText('November 1, 2026 (lapsed)')).toBeInTheDocument();
  });

  it('asks nothing for an application not approved', async () => {
    const asked = arrange('in-review', { endsOn: '2026-11-01', daysLeft: -9, lapsed: true });
    await renderRoute('/staff/applications/41');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Approval ends')).toBeNull();
    expect(asked).toEqual([]);
  });
});

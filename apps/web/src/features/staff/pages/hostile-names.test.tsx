import type { StaffApplication, StaffQueueResponse } from '@ccap/contracts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';
import { queueItem } from '@/test/staff-fixtures';

// Names come from applicants: staff must see them as the text typed, never as markup.
const XSS = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=2</script>Acorns';

const item = queueItem({ providerName: XSS, assignee: { id: 'u1', name: SCRIPT } });

const review: StaffApplication = {
  applicationId: 41,
  providerName: XSS,
  providerType: 'registeredprovider',
  county: 'Polk',
  status: 'submitted',
  submittedAt: '2026-01-05T10:00:00.000Z',
  decidedAt: null,
  daysWaiting: 3,
  overdue: false,
  version: 1,
  assignee: null,
  application: {
    providerType: 'registeredprovider',
    providerInfo: { firstName: XSS, lastName: SCRIPT, businessName: `${XSS}${SCRIPT}` },
  },
  documents: [],
  statusHistory: [],
  auditTrail: [],
  allowedActions: ['approve', 'deny', 'withdraw'],
};

function expectInert(container: HTMLElement) {
  expect(container.querySelector('img[src="x"]')).toBeNull();
  expect(container.querySelector('script')).toBeNull();
  expect((window as { __xss?: number }).__xss).toBeUndefined();
}

describe('stored markup in names staff read', () => {
  it('the queue shows it as literal text', async () => {
    server.use(
      http.get('*/api/Staff/applications', () =>
        HttpResponse.json({
          items: [item],
          total: 1,
          page: 1,
          pageSize: 25,
          counties: ['Polk'],
        } satisfies StaffQueueResponse),
      ),
    );
    await renderRoute('/staff');
    const table = await screen.findByRole('table', { name: /Applications to review/ });
    expect(within(table).getByRole('rowheader', { name: XSS })).toBeInTheDocument();
    expect(within(table).getByText(SCRIPT)).toBeInTheDocument();
    expectInert(document.body);
  });

  it('the review page shows it as literal text', async () => {
    server.use(http.get('*/api/Staff/applications/41', () => HttpResponse.json(review)));
    await renderRoute('/staff/applications/41');
    expect((await screen.findAllByText(XSS)).length).toBeGreaterThan(0);
    expect(screen.getAllByText(SCRIPT).length).toBeGreaterThan(0);
    expectInert(document.body);
  });
});

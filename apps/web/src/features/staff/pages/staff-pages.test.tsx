import type {
  ChangeStatusRequest,
  QueueItem,
  Rfi,
  RfiPermissions,
  StaffApplication,
  StaffQueueResponse,
  StaffStatistics,
} from '@ccap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { problem, testUser } from '@/test/handlers';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';
import { requiredDocument } from '@/test/application-fixtures';
import { queueItem } from '@/test/staff-fixtures';

/** The queue endpoint, remembering every query string it was asked with. */
function fakeQueue(items: QueueItem[]) {
  const queries: URLSearchParams[] = [];
  const assigns: unknown[] = [];
  server.use(
    http.get('*/api/Staff/applications', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      const body: StaffQueueResponse = {
        items,
        total: items.length,
        page: 1,
        pageSize: 25,
        counties: ['Polk', 'Story'],
      };
      return HttpResponse.json(body);
    }),
    http.post('*/api/Staff/applications/:id/assign', async ({ request, params }) => {
      assigns.push({ id: Number(params.id), ...((await request.json()) as object) });
      return HttpResponse.json({
        applicationId: Number(params.id),
        status: 'submitted',
        version: 2,
        assignee: { id: testUser.id, name: testUser.name },
      });
    }),
  );
  return { queries, assigns };
}

describe('the review queue', () => {
  it('lists applications in a table, says in words which are overdue, and sorts on the server', async () => {
    const api = fakeQueue([
      queueItem(),
      queueItem({
        applicationId: 42,
        providerName: 'Old Oak',
        daysWaiting: 45,
        overdue: true,
        status: 'information-requested',
        openRfiCount: 2,
        nextRfiDueAt: '2026-01-20',
        rfiOverdue: true,
      }),
      queueItem({ applicationId: 43, providerName: 'Answered Ash', openRfiCount: 1, nextRfiDueAt: null }),
    ]);
    await renderRoute('/staff');
    const table = await screen.findByRole('table', { name: /Applications to review/ });
    const answered = within(table).getByRole('rowheader', { name: 'Answered Ash' }).closest('tr')!;
    expect(answered).toHaveTextContent('Open: 1, all answered: waiting for you');
    const oldOak = within(table).getByRole('rowheader', { name: 'Old Oak' }).closest('tr')!;
    expect(within(oldOak).getByText('Overdue')).toBeInTheDocument();
    expect(oldOak).toHaveTextContent('Open: 2, next due January 20, 2026');
    expect(within(oldOak).getByText('Past due')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /Submitted/ })).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.click(within(table).getByRole('button', { name: /Days waiting/ }));
    await waitFor(() => expect(api.queries.at(-1)?.get('sort')).toBe('daysWaiting'));
    expect(api.queries.at(-1)?.get('order')).toBe('asc');
    expect(await screen.findByRole('columnheader', { name: /Days waiting/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('applies the filters and the search, and assigns an application to me with the version seen', async () => {
    const api = fakeQueue([queueItem()]);
    await renderRoute('/staff');
    const filters = await screen.findByRole('search', { name: 'Filter the queue' });
    await userEvent.selectOptions(within(filters).getByLabelText('Status'), 'in-review');
    await userEvent.selectOptions(within(filters).getByLabelText('Requests for information'), 'overdue');
    await userEvent.type(within(filters).getByLabelText('Provider name or application number'), 'acorn');
    await userEvent.click(within(filters).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.queries.at(-1)?.get('status')).toBe('in-review'));
    expect(api.queries.at(-1)?.get('search')).toBe('acorn');
    expect(api.queries.at(-1)?.get('rfi')).toBe('overdue');

    await userEvent.click(await screen.findByRole('button', { name: 'Assign Little Acorns to me' }));
    await waitFor(() => expect(api.assigns).toEqual([{ id: 41, assignee: 'me', version: 1 }]));
  });

  it('filters by the days submitted and decided, and an export carries those filters', async () => {
    const api = fakeQueue([queueItem()]);
    const asked: unknown[] = [];
    server.use(
      http.post('*/api/Staff/exports', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({}, { status: 202 });
      }),
    );
    await renderRoute('/staff');
    const filters = await screen.findByRole('search', { name: 'Filter the queue' });
    await userEvent.type(within(filters).getByLabelText('Submitted from'), '2026-01-01');
    await userEvent.type(within(filters).getByLabelText('Submitted until'), '2026-01-31');
    await userEvent.type(within(filters).getByLabelText('Decided from'), '2026-02-01');
    await userEvent.type(within(filters).getByLabelText('Decided until'), '2026-02-28');
    await userEvent.click(within(filters).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.queries.at(-1)?.get('decidedTo')).toBe('2026-02-28'));
    const period = {
      submittedFrom: '2026-01-01',
      submittedTo: '2026-01-31',
      decidedFrom: '2026-02-01',
      decidedTo: '2026-02-28',
    };
    expect(Object.fromEntries(api.queries.at(-1)!)).toMatchObject(period);

    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export the filtered queue' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start the export' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toMatchObject({ kind: 'application', format: 'xlsx', filters: period });
  });

  it('says in words that a decided application can no longer be assigned, and offers no button for one', async () => {
    fakeQueue([queueItem(), queueItem({ applicationId: 42, providerName: 'Oak Tree', status: 'approved' })]);
    // Decided by a colleague since the queue was read: the API refuses, the page says why.
    server.use(
      http.post('*/api/Staff/applications/41/assign', () => problem(409, 'urn:ccap:problem:assignment-closed')),
    );
    await renderRoute('/staff');
    expect(await screen.findByRole('button', { name: 'Assign Little Acorns to me' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign Oak Tree to me' })).toBeNull();
    expect(within(screen.getByRole('row', { name: /Oak Tree/ })).getByText('Unassigned')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Assign Little Acorns to me' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The application is decided or withdrawn, so it can no longer be assigned or given back. It has been reloaded.',
    );
  });

  it('shows the staff links to staff', async () => {
    fakeQueue([]);
    await renderRoute('/staff');
    const sidebar = await screen.findByRole('navigation', { name: 'Portal menu' });
    expect(await within(sidebar).findByRole('link', { name: 'Review queue' })).toHaveAttribute('href', '/staff');
  });

  it('tells an applicant the page is not theirs, and shows them no staff links', async () => {
    server.use(http.get('*/api/User/me', () => HttpResponse.json({ ...testUser, roles: ['applicant'], counties: [] })));
    await renderRoute('/staff');
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Portal menu' });
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Review queue' })).toBeNull();
  });
});

const application = (overrides: Partial<StaffApplication> = {}): StaffApplication => ({
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
  application: {
    providerType: 'registeredprovider',
    providerInfo: { firstName: 'Maria', lastName: 'Lopez', businessName: 'Little Acorns' },
  },
  documents: [{ ...requiredDocument({ canUpload: false }), requestedByStaff: false }],
  statusHistory: [],
  auditTrail: [
    {
      id: 1,
      occurredAt: '2026-01-05T10:00:00.000Z',
      actorId: null,
      actorLabel: 'maria@example.com',
      action: 'application.submitted',
      entityType: 'application',
      entityId: '41',
      before: null,
      after: { status: 'submitted' },
      reason: null,
    },
  ],
  allowedActions: ['approve', 'deny', 'withdraw'],
  ...overrides,
});

function fakeReview(answer: (body: ChangeStatusRequest) => Response | Promise<Response>) {
  const changes: ChangeStatusRequest[] = [];
  const pendingRfi: Rfi = {
    rfiId: 5,
    applicationId: 41,
    changeId: null,
    statusDescription: 'pending',
    status: 'pending',
    createdDate: '2026-01-06T10:00:00.000Z',
    createdBy: 'sam@example.gov',
    createdByName: 'Sam Worker',
    dueDate: '2026-01-20',
    serviceWorkerComment: 'Please send the lease.',
    applicantComment: 'Attached.',
    respondedDate: '2026-01-07T10:00:00.000Z',
    completedDate: null,
    documents: [
      {
        rfiDocumentId: 9,
        documentName: 'lease.pdf',
        contentType: 'application/pdf',
        size: 1200,
        uploadedBy: 'maria@example.com',
        uploadedAt: '2026-01-07T10:00:00.000Z',
        url: '/api/Rfi/documents/9/file',
      },
    ],
  };
  const permissions: RfiPermissions = {
    applicationId: 41,
    applicationStatus: 'in-review',
    mode: 'service-worker',
    canRequest: true,
    canComplete: true,
    canReply: false,
  };
  server.use(
    http.get('*/api/Rfi/41', () => HttpResponse.json([pendingRfi])),
    http.get('*/api/Rfi/41/permissions', () => HttpResponse.json(permissions)),
    http.get('*/api/Staff/applications/41', () => HttpResponse.json(application())),
    http.post('*/api/Staff/applications/41/status', async ({ request }) => {
      const body = (await request.json()) as ChangeStatusRequest;
      changes.push(body);
      return answer(body);
    }),
  );
  return changes;
}

describe('the review page', () => {
  it('shows the answers read-only, the checklist, the audit trail and the RFI thread with the request form', async () => {
    fakeReview(() => HttpResponse.json({}));
    await renderRoute('/staff/applications/41');
    expect(await screen.findByRole('heading', { level: 1, name: 'Little Acorns' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Provider information' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Edit/ })).toBeNull();
    expect(screen.getByText('Maria')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Waive IRS Form W-9' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Audit trail, newest first' })).toHaveTextContent('application.submitted');
    const rfis = screen.getByRole('region', { name: 'Requests for information' });
    expect(await within(rfis).findByText('Please send the lease.')).toBeInTheDocument();
    expect(within(rfis).getByRole('button', { name: /lease\.pdf/ })).toBeInTheDocument();
    expect(within(rfis).getByRole('button', { name: /Mark completed/ })).toBeInTheDocument();
    expect(within(rfis).getByRole('form')).toBeInTheDocument();
    // The page has its own way back: the RFI page's Close button is not repeated here.
    expect(within(rfis).queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('asks for a reason before denying, and sends it with the version seen', async () => {
    const changes = fakeReview((body) =>
      HttpResponse.json({ applicationId: 41, status: 'denied', version: body.version + 1, assignee: null }),
    );
    await renderRoute('/staff/applications/41');
    await userEvent.click(await screen.findByRole('button', { name: 'Deny' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deny this application?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(await within(dialog).findByText('Enter the reason.')).toBeInTheDocument();
    expect(changes).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Capacity over the limit.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(changes).toEqual([{ action: 'deny', version: 3, reason: 'Capacity over the limit.' }]));
    expect(await screen.findByText('Done: the application is now Denied.')).toBeInTheDocument();
  });

  it('decides once however quickly the button is pressed twice: no conflict with itself', async () => {
    const changes = fakeReview(async (body) => {
      await delay(200);
      return HttpResponse.json({ applicationId: 41, status: 'approved', version: body.version + 1, assignee: null });
    });
    await renderRoute('/staff/applications/41');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve this application?' });
    await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Done: the application is now Approved.')).toBeInTheDocument();
    expect(changes).toEqual([{ action: 'approve', version: 3 }]);
  });

  it('says what a change did only while it is so: an RFI sent since takes the message away', async () => {
    let current = application({ status: 'submitted', version: 3, allowedActions: ['start-review', 'withdraw'] });
    fakeReview((body) => {
      current = application({ status: 'in-review', version: body.version + 1, allowedActions: ['approve', 'deny'] });
      return HttpResponse.json({ applicationId: 41, status: 'in-review', version: body.version + 1, assignee: null });
    });
    server.use(
      http.get('*/api/Staff/applications/41', () => HttpResponse.json(current)),
      http.post('*/api/rfi/CreateRfi', () => {
        current = application({ status: 'information-requested', version: 5, allowedActions: ['approve', 'deny'] });
        return HttpResponse.json({ rfiId: 6 }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await renderRoute('/staff/applications/41');
    await user.click(await screen.findByRole('button', { name: 'Start review' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Start the review?' });
    await user.click(within(dialog).getByRole('button', { name: 'Start review' }));
    expect(await screen.findByText('Done: the application is now In review.')).toBeInTheDocument();

    const rfis = screen.getByRole('region', { name: 'Requests for information' });
    await user.type(within(rfis).getByRole('textbox', { name: /Your request to the applicant/ }), 'Send the lease.');
    await user.click(within(rfis).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Your request was sent to the applicant.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Done: the application is now In review.')).toBeNull());
  });

  it("takes over a colleague's application only after saying whose it is, and gives one back", async () => {
    fakeReview(() => HttpResponse.json({}));
    const assigns: unknown[] = [];
    let current = application({ assignee: { id: 'colleague-1', name: 'Ana Colleague' } });
    server.use(
      http.get('*/api/Staff/applications/41', () => HttpResponse.json(current)),
      http.post('*/api/Staff/applications/41/assign', async ({ request }) => {
        const body = (await request.json()) as { assignee: 'me' | null; version: number };
        assigns.push(body);
        current = {
          ...current,
          version: current.version + 1,
          assignee: body.assignee ? { id: testUser.id, name: testUser.name } : null,
        };
        return HttpResponse.json({
          applicationId: 41,
          status: current.status,
          version: current.version,
          assignee: current.assignee,
        });
      }),
    );
    await renderRoute('/staff/applications/41');
    await userEvent.click(await screen.findByRole('button', { name: 'Take over from Ana Colleague' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Take over this application?' });
    expect(dialog).toHaveTextContent('It is assigned to Ana Colleague.');
    expect(assigns).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take over from Ana Colleague' }));
    await waitFor(() => expect(assigns).toEqual([{ assignee: 'me', version: 3 }]));

    // The focus follows to the button that took the pressed one's place.
    const giveBack = await screen.findByRole('button', { name: 'Give back (unassign)' });
    await waitFor(() => expect(giveBack).toHaveFocus());
    await userEvent.click(giveBack);
    await waitFor(() =>
      expect(assigns).toEqual([
        { assignee: 'me', version: 3 },
        { assignee: null, version: 4 },
      ]),
    );
    const assignToMe = await screen.findByRole('button', { name: 'Assign to me' });
    await waitFor(() => expect(assignToMe).toHaveFocus());
  });

  it('offers no give-back on a decided application assigned to me', async () => {
    fakeReview(() => HttpResponse.json({}));
    const decided = application({
      status: 'approved',
      allowedActions: [],
      assignee: { id: testUser.id, name: testUser.name },
    });
    server.use(http.get('*/api/Staff/applications/41', () => HttpResponse.json(decided)));
    await renderRoute('/staff/applications/41');
    expect(await screen.findByRole('heading', { level: 1, name: 'Little Acorns' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Give back (unassign)' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();
    // An approved application is a provider's record now: the page leads to it.
    expect(screen.getByRole('link', { name: 'Open the provider record' })).toHaveAttribute('href', '/staff/records/41');
  });

  it('offers no provider record while the application is undecided', async () => {
    fakeReview(() => HttpResponse.json({}));
    await renderRoute('/staff/applications/41');
    expect(await screen.findByRole('heading', { level: 1, name: 'Little Acorns' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the provider record' })).toBeNull();
  });

  it('explains a version conflict in words', async () => {
    fakeReview(() => problem(409, 'urn:ccap:problem:version-conflict'));
    await renderRoute('/staff/applications/41');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve this application?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Someone else changed this application/);
  });
});

describe('the statistics page', () => {
  it('gives the numbers in tables', async () => {
    const stats: StaffStatistics = {
      total: 12,
      byStatus: [
        { key: 'approved', count: 5 },
        { key: 'submitted', count: 7 },
      ],
      byCounty: [{ key: 'Polk', count: 12 }],
      byProviderType: [{ key: 'registeredprovider', count: 12 }],
      medianDaysToDecision: 9.5,
      decided: 5,
      overdue: 2,
      rfisOpen: 3,
      rfisOverdue: 1,
    };
    server.use(http.get('*/api/Staff/statistics', () => HttpResponse.json(stats)));
    await renderRoute('/analytics');
    const byStatus = await screen.findByRole('table', { name: 'Applications by status' });
    const approved = within(byStatus).getByRole('rowheader', { name: 'Approved' }).closest('tr')!;
    expect(within(approved).getByRole('cell', { name: '5' })).toBeInTheDocument();
    expect(screen.getByText('Median days to a decision').nextSibling).toHaveTextContent('9.5');
    const rfis = screen.getByRole('table', { name: /Requests for information, open and past their due date/ });
    const overdue = within(rfis).getByRole('rowheader', { name: 'Past their due date' }).closest('tr')!;
    expect(within(overdue).getByRole('cell', { name: '1' })).toBeInTheDocument();
  });
});

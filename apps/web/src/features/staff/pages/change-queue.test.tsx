import type { ChangeQueueItem, StaffChangeQueue, StaffQueueResponse } from '@ccap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

const change = (overrides: Partial<ChangeQueueItem> = {}): ChangeQueueItem => ({
  changeId: 12,
  applicationId: 31,
  providerName: 'Little Oaks Home Care',
  county: 'Polk',
  status: 'submitted',
  parts: ['address'],
  effectiveDate: '2026-11-20',
  submittedAt: '2026-11-19T15:00:00.000Z',
  decidedAt: null,
  conflict: false,
  appliedWithoutReview: false,
  openRfiCount: 0,
  nextRfiDueAt: null,
  rfiOverdue: false,
  ...overrides,
});

/** Both queue endpoints; the change one remembers every query string it was asked with. */
function fakeQueues(items: ChangeQueueItem[]) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/Staff/applications', () =>
      HttpResponse.json({
        items: [],
        total: 0,
        page: 1,
        pageSize: 25,
        counties: ['Polk'],
      } satisfies StaffQueueResponse),
    ),
    http.get('*/api/Staff/changes', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        items,
        total: items.length,
        page: 1,
        pageSize: 25,
        counties: ['Polk', 'Story'],
      } satisfies StaffChangeQueue);
    }),
  );
  return queries;
}

describe('the change kind of the review queue', () => {
  it('switches from applications to reported changes by a link that says which is current', async () => {
    fakeQueues([
      change({ openRfiCount: 1, nextRfiDueAt: '2026-11-10', rfiOverdue: true }),
      change({ changeId: 13, providerName: 'Maple Tree', conflict: true, parts: ['ratesInfo'] }),
    ]);
    const { router } = await renderRoute('/staff');
    const kinds = await screen.findByRole('navigation', { name: 'What to review' });
    expect(within(kinds).getByRole('link', { name: 'Applications' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(kinds).getByRole('link', { name: 'Reported changes' }));
    expect(router.state.location.search).toBe('?kind=change');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reported changes to review' })).toBeInTheDocument();
    expect(within(kinds).getByRole('link', { name: 'Reported changes' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toMatch(/^Reported changes to review – /));

    const table = await screen.findByRole('table', { name: /Reported changes/ });
    const link = within(table).getByRole('link', { name: 'Change 12: Little Oaks Home Care' });
    expect(link).toHaveAttribute('href', '/staff/changes/12');
    const maple = within(table)
      .getByRole('rowheader', { name: /Maple Tree/ })
      .closest('tr')!;
    expect(within(maple).getByText('conflict')).toBeInTheDocument();
    expect(within(maple).getByText('None open')).toBeInTheDocument();
    const oaks = link.closest('tr')!;
    expect(within(oaks).getByText(/^Open: 1, next due/)).toBeInTheDocument();
    expect(within(oaks).getByText('Past due')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Changes found: 2');
  });

  it('filters, sorts and pages on the server, keeping it all in the address', async () => {
    const queries = fakeQueues([change()]);
    const { router } = await renderRoute('/staff?kind=change');
    const filters = await screen.findByRole('search', { name: 'Filter the reported changes' });
    await userEvent.selectOptions(within(filters).getByLabelText('Part changed'), 'address');
    await userEvent.selectOptions(within(filters).getByLabelText('Status'), 'submitted');
    await userEvent.type(within(filters).getByLabelText('Takes effect from'), '2026-11-01');
    await userEvent.click(within(filters).getByLabelText('Only changes in conflict'));
    await userEvent.click(within(filters).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(queries.at(-1)?.get('part')).toBe('address'));
    expect(Object.fromEntries(queries.at(-1)!)).toMatchObject({
      status: 'submitted',
      effectiveFrom: '2026-11-01',
      conflicts: 'true',
      sort: 'submittedAt',
    });
    expect(new URLSearchParams(router.state.location.search).get('kind')).toBe('change');

    const table = await screen.findByRole('table', { name: /Reported changes/ });
    await userEvent.click(within(table).getByRole('button', { name: /Takes effect/ }));
    await waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('effectiveDate'));
    expect(await screen.findByRole('columnheader', { name: /Takes effect/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('exports the changes its filters show, period filters included', async () => {
    const queries = fakeQueues([change()]);
    const asked: unknown[] = [];
    server.use(
      http.post('*/api/Staff/exports', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({}, { status: 202 });
      }),
    );
    await renderRoute('/staff?kind=change');
    const filters = await screen.findByRole('search', { name: 'Filter the reported changes' });
    await userEvent.type(within(filters).getByLabelText('Submitted from'), '2026-10-01');
    await userEvent.type(within(filters).getByLabelText('Decided until'), '2026-11-30');
    await userEvent.click(within(filters).getByLabelText('Only changes in conflict'));
    await userEvent.click(within(filters).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(queries.at(-1)?.get('decidedTo')).toBe('2026-11-30'));
    expect(queries.at(-1)?.get('submittedFrom')).toBe('2026-10-01');

    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export the filtered queue' });
    const columns = within(within(dialog).getByRole('group', { name: 'Columns' })).getAllByRole('checkbox');
    expect(columns.map((box) => (box as HTMLInputElement).value)).toEqual([
      'changeId',
      'applicationId',
      'providerName',
      'county',
      'status',
      'parts',
      'effectiveDate',
      'submittedAt',
      'decidedAt',
      'openRfiCount',
    ]);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Comma-separated values (CSV)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start the export' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toMatchObject({
      kind: 'change',
      format: 'csv',
      filters: { submittedFrom: '2026-10-01', decidedTo: '2026-11-30', conflicts: true },
    });
  });

  it('sends the old list of reported changes to the queue’s change kind', async () => {
    fakeQueues([change()]);
    const { router } = await renderRoute('/staff/changes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reported changes to review' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff');
    expect(router.state.location.search).toBe('?kind=change');
  });

  it('says why the list is missing when the server refuses', async () => {
    server.use(
      http.get('*/api/Staff/changes', () =>
        HttpResponse.json({ title: 'Bad Request', status: 400, detail: 'Invalid query' }, { status: 400 }),
      ),
    );
    await renderRoute('/staff?kind=change&part=nonsense');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});

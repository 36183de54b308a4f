import type {
  BulkActionRequest,
  BulkActionResponse,
  QueueItem,
  StaffQueueResponse,
  StaffWorker,
} from '@ccap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { problem } from '@/test/handlers';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';
import { queueItem } from '@/test/staff-fixtures';

const colleague: StaffWorker = {
  id: '2d0c6b8e-1f4a-4c59-9d7e-3a1b2c3d4e5f',
  name: 'Casey Colleague',
  counties: ['Polk'],
};

/** The queue (with `total` matching in all), the workers, and the bulk endpoint answering `answer`. */
function fakeApi(items: QueueItem[], total: number, answer: (request: BulkActionRequest) => Response) {
  const queueReads: URLSearchParams[] = [];
  const sent: BulkActionRequest[] = [];
  server.use(
    http.get('*/api/Staff/applications', ({ request }) => {
      queueReads.push(new URL(request.url).searchParams);
      const body: StaffQueueResponse = { items, total, page: 1, pageSize: 25, counties: ['Polk', 'Story'] };
      return HttpResponse.json(body);
    }),
    http.get('*/api/Staff/workers', () => HttpResponse.json({ workers: [colleague] })),
    http.post('*/api/Staff/bulk-actions', async ({ request }) => {
      const body = (await request.json()) as BulkActionRequest;
      sent.push(body);
      return answer(body);
    }),
  );
  return { queueReads, sent };
}

const answered = (body: BulkActionResponse) => () => HttpResponse.json(body);

const rows = [
  queueItem({ applicationId: 41, providerName: 'Little Acorns', version: 3 }),
  queueItem({ applicationId: 42, providerName: 'Old Oak', version: 5 }),
  queueItem({ applicationId: 43, providerName: 'Willow Way', version: 1 }),
];

describe('bulk actions in the review queue', () => {
  it('assigns the rows ticked, with their versions, and lists the one not done with its reason', async () => {
    const api = fakeApi(
      rows,
      3,
      answered({
        kind: 'assign',
        done: 1,
        refused: 1,
        items: [
          { applicationId: 41, outcome: 'done', version: 4 },
          { applicationId: 42, outcome: 'refused', reason: 'versionConflict', providerName: 'Old Oak' },
        ],
      }),
    );
    await renderRoute('/staff');
    const table = await screen.findByRole('table', { name: /Applications to review/ });
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();

    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Little Acorns' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Old Oak' }));
    const toolbar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(toolbar).toHaveTextContent('Selected: 2');
    expect(within(table).getByRole('checkbox', { name: 'Select all on this page' })).toBePartiallyChecked();

    const opener = within(toolbar).getByRole('button', { name: 'Assign' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Assign the selected applications' });
    expect(dialog).toHaveTextContent('Selected applications: 2.');
    // The workers arrive after the dialog opened: their list takes the focus.
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Assign to' })).toHaveFocus());
    // Nothing chosen: the form says what is missing and sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Choose whom to assign them to.')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Assign to' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent).toEqual([]);

    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Assign to' }), 'Casey Colleague');
    const reads = api.queueReads.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));

    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('1 done, 1 not done');
    expect(within(summary).getByRole('listitem')).toHaveTextContent('Old Oak: it changed since it was listed');
    expect(within(summary).getByRole('link', { name: 'Old Oak' })).toHaveAttribute('href', '/staff/applications/42');
    expect(api.sent).toEqual([
      {
        action: { kind: 'assign', assigneeId: colleague.id },
        target: {
          items: [
            { applicationId: 41, version: 3 },
            { applicationId: 42, version: 5 },
          ],
        },
      },
    ]);
    // The dialog is gone, the selection with it; the focus is on the answer, and the queue is read again.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
    expect(summary.parentElement).toHaveFocus();
    await waitFor(() => expect(api.queueReads.length).toBeGreaterThan(reads));
    expect(within(table).getByRole('checkbox', { name: 'Select Little Acorns' })).not.toBeChecked();
  });

  it('selects all matching after the page, sends the filters, and cancelling gives the focus back', async () => {
    const api = fakeApi(rows, 60, answered({ kind: 'startReview', done: 60, refused: 0, items: [] }));
    await renderRoute('/staff?county=Polk');
    const table = await screen.findByRole('table', { name: /Applications to review/ });
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select all on this page' }));
    const toolbar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(toolbar).toHaveTextContent('Selected: 3');
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Select all 60 matching' }));
    expect(toolbar).toHaveTextContent('Selected: 60');
    expect(toolbar).toHaveTextContent('All 60 matching applications are selected.');

    const opener = within(toolbar).getByRole('button', { name: 'Start review' });
    await userEvent.click(opener);
    let dialog = await screen.findByRole('dialog', { name: 'Start review on the selected applications' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await userEvent.click(opener);
    dialog = await screen.findByRole('dialog', { name: 'Start review on the selected applications' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    // All done: a polite status, not an alert.
    expect((await screen.findByText('60 done, 0 not done')).closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.sent).toEqual([{ action: { kind: 'startReview' }, target: { filters: { county: 'Polk' } } }]);
  });

  it('unticking one row of "all matching" keeps the rest of the page', async () => {
    fakeApi(rows, 60, answered({ kind: 'startReview', done: 0, refused: 0, items: [] }));
    await renderRoute('/staff');
    const table = await screen.findByRole('table', { name: /Applications to review/ });
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select all on this page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select all 60 matching' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Old Oak' }));
    expect(screen.getByRole('region', { name: 'Bulk actions' })).toHaveTextContent('Selected: 2');
    await userEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });

  it('checks the message before sending, and keeps a refusal of the whole request in the dialog', async () => {
    const api = fakeApi(rows, 3, () =>
      problem(422, 'urn:ccap:problem:bulk-too-many', {
        detail: '1,200 applications match these filters; a bulk action takes at most 1,000. Narrow the filters.',
      }),
    );
    await renderRoute('/staff');
    const table = await screen.findByRole('table', { name: /Applications to review/ });
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Willow Way' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send a message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a message to the selected applicants' });
    const message = within(dialog).getByRole('textbox', { name: 'Message' });
    expect(message).toHaveAccessibleDescription(/in their inbox.*does not change the applications/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Write the message.')).toBeInTheDocument();
    await userEvent.click(message);
    await userEvent.paste('x'.repeat(5001));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText(/characters or fewer/)).toBeInTheDocument();
    expect(api.sent).toEqual([]);

    await userEvent.clear(message);
    await userEvent.type(message, 'Please send your fire inspection.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('at most 1,000');
    expect(api.sent).toEqual([
      {
        action: { kind: 'sendMessage', message: 'Please send your fire inspection.' },
        target: { items: [{ applicationId: 43, version: 1 }] },
      },
    ]);
  });
});

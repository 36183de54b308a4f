import type { CreateRfiRequest, RespondRfiRequest, Rfi, RfiPermissions } from '@ccap/contracts';
import { documentProblemTypes, RFI_DUE_DATE_OUT_OF_RANGE, todayIso } from '@ccap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { problem } from '@/test/handlers';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

const pending: Rfi = {
  rfiId: 12,
  applicationId: 42,
  changeId: null,
  statusDescription: 'pending',
  status: 'pending',
  createdDate: '2026-01-05T15:00:00.000Z',
  createdBy: 'sam@example.gov',
  createdByName: 'Sam Worker',
  dueDate: '2026-01-15',
  serviceWorkerComment: 'Please send your CPR certificate.',
  applicantComment: null,
  respondedDate: null,
  completedDate: null,
  documents: [],
};
const completed: Rfi = {
  ...pending,
  rfiId: 11,
  statusDescription: 'completed',
  status: 'completed',
  createdDate: '2025-12-01T10:00:00.000Z',
  serviceWorkerComment: 'Please send a photo ID.',
  applicantComment: 'Here it is.',
  completedDate: '2025-12-03T10:00:00.000Z',
  documents: [
    {
      rfiDocumentId: 7,
      documentName: 'photo-id.pdf',
      contentType: 'application/pdf',
      size: 1200,
      uploadedBy: 'pat@example.com',
      uploadedAt: '2025-12-02T10:00:00.000Z',
      url: '/api/Rfi/documents/7/file',
    },
  ],
};

/** The RFI calls of one application, recording what the page sends. */
function fakeRfiApi(mode: RfiPermissions['mode'], initial: Rfi[] = [pending, completed]) {
  let rfis = initial;
  const sent = { created: [] as CreateRfiRequest[], replies: [] as RespondRfiRequest[], completed: [] as number[] };
  let lists = 0;
  server.use(
    http.get('*/api/Rfi/42/permissions', () =>
      HttpResponse.json({
        applicationId: 42,
        applicationStatus: 'information-requested',
        mode,
        canRequest: mode === 'service-worker',
        canComplete: mode === 'service-worker',
        canReply: mode === 'applicant',
      } satisfies RfiPermissions),
    ),
    http.get('*/api/Rfi/42', () => {
      lists++;
      return HttpResponse.json(rfis);
    }),
    http.post('*/api/rfi/CreateRfi', async ({ request }) => {
      const body = (await request.json()) as CreateRfiRequest;
      sent.created.push(body);
      rfis = [{ ...pending, rfiId: 13, serviceWorkerComment: body.serviceWorkerComment }, ...rfis];
      return HttpResponse.json({ rfiId: 13 }, { status: 201 });
    }),
    http.post('*/api/rfi/RespondRfi', async ({ request }) => {
      const body = (await request.json()) as RespondRfiRequest;
      sent.replies.push(body);
      rfis = rfis.map((rfi) =>
        rfi.rfiId === body.rfiId
          ? { ...rfi, applicantComment: body.applicantComment ?? null, respondedDate: '2026-01-09T10:00:00.000Z' }
          : rfi,
      );
      return HttpResponse.json(rfis.find((rfi) => rfi.rfiId === body.rfiId));
    }),
    http.post('*/api/rfi/CompleteRfi', async ({ request }) => {
      const { rfiId } = (await request.json()) as { rfiId: number };
      sent.completed.push(rfiId);
      rfis = rfis.map((rfi) =>
        rfi.rfiId === rfiId ? { ...rfi, status: 'completed', statusDescription: 'completed' } : rfi,
      );
      return HttpResponse.json(rfis.find((rfi) => rfi.rfiId === rfiId));
    }),
  );
  return { sent, lists: () => lists };
}

/** The reader's calendar date `offset` days from today ("2026-01-15"). */
/** A day counted from today as the form counts it: the program's day once its profile arrived. */
const localDay = (offset: number) => {
  const day = new Date(`${todayIso()}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offset);
  return day.toISOString().slice(0, 10);
};

const pdf = () => new File(['%PDF-1.7\n%%EOF\n'], 'cpr.pdf', { type: 'application/pdf' });
const articleOf = async (date: string) => (await screen.findByRole('heading', { name: date })).closest('article')!;

let warn: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the RFI page', () => {
  it('lists earlier RFIs newest first: status in words and colour, dd MMM, yyyy, creator and the blocks', async () => {
    fakeRfiApi('applicant');
    await renderRoute('/rfi-v1/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Requests for information' })).toBeInTheDocument();
    const items = within(await screen.findByRole('region', { name: 'Earlier requests' })).getAllByRole('article');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      '05 Jan, 2026',
      '01 Dec, 2025',
    ]);

    const first = await articleOf('05 Jan, 2026');
    expect(first).toHaveTextContent('Status: Pending');
    expect(within(first).getByText('Pending').closest('[data-status]')).toHaveClass('bg-amber-50');
    expect(first).toHaveTextContent('Created by Sam Worker');
    expect(first).toHaveTextContent('Answer by 15 Jan, 2026');
    expect(first).toHaveTextContent('Requested:Please send your CPR certificate.');
    expect(first).not.toHaveTextContent("Applicant's Response:");

    const second = await articleOf('01 Dec, 2025');
    expect(second).toHaveTextContent('Status: Completed');
    expect(within(second).getByText('Completed').closest('[data-status]')).toHaveClass('bg-green-50');
    expect(second).toHaveTextContent("Applicant's Response:Here it is.");
    expect(second).toHaveTextContent('Documents:photo-id.pdf');
    // The applicant does not close requests.
    expect(screen.queryByRole('button', { name: /Mark completed/ })).not.toBeInTheDocument();
  });

  it('also answers at rfi/{id}, and downloads a document under its name with the bearer token', async () => {
    fakeRfiApi('applicant');
    const createObjectURL = vi.fn(() => 'blob:rfi');
    // jsdom does not navigate: the download link's click is only recorded.
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    let authorization: string | null = null;
    server.use(
      http.get('*/api/Rfi/documents/7/file', ({ request }) => {
        authorization = request.headers.get('authorization');
        return new HttpResponse('%PDF-1.7', {
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="photo-id.pdf"' },
        });
      }),
    );
    const user = userEvent.setup();
    await renderRoute('/rfi/42');
    await user.click(await screen.findByRole('button', { name: 'photo-id.pdf (download)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(authorization).toBe('Bearer test-access-token');
    expect(clicked).toHaveBeenCalled();
  });

  it('the applicant’s reply needs a file: without one nothing is sent and "Form is invalid" is logged', async () => {
    const api = fakeRfiApi('applicant');
    const user = userEvent.setup();
    await renderRoute('/rfi-v1/42');
    const form = await screen.findByRole('form', { name: 'Reply to RFI' });
    expect(screen.getByRole('heading', { level: 2, name: 'Reply / Request an RFI' })).toBeInTheDocument();
    expect(form).toHaveTextContent('You are answering the request of 05 Jan, 2026.');
    const comment = within(form).getByRole('textbox', { name: 'Your response' });
    // The applicant's box asks for the answer, not a request.
    expect(comment).toHaveAttribute('placeholder', 'Enter your answer');

    await user.type(comment, 'Here is my certificate.');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Array must contain at least one file.')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Form is invalid');
    expect(api.sent.replies).toEqual([]);

    await user.upload(document.getElementById('rfi-file') as HTMLInputElement, pdf());
    expect(within(form).queryByText('Array must contain at least one file.')).not.toBeInTheDocument();
    const listsBefore = api.lists();
    await user.click(within(form).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Your reply was sent to the service worker.')).toBeInTheDocument();
    expect(api.sent.replies).toHaveLength(1);
    const [reply] = api.sent.replies;
    expect(reply).toMatchObject({ rfiId: 12, applicantComment: 'Here is my certificate.' });
    // The name the person gave the file, not the widget's suffixed one.
    expect(reply!.document!.documentName).toBe('cpr.pdf');
    // Base64 of the bytes, without the data-URL prefix.
    expect(atob(reply!.document!.documentStream)).toBe('%PDF-1.7\n%%EOF\n');
    // The list reloads, the form resets and the chosen file is removed.
    await waitFor(() => expect(api.lists()).toBeGreaterThan(listsBefore));
    expect(comment).toHaveValue('');
    expect(within(form).queryByRole('list', { name: 'Chosen files' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText("Applicant's Response:")).toHaveLength(2));
  }, 15_000);

  it('for staff of the county: the request is required, Send waits for it, and a pending RFI can be completed', async () => {
    const api = fakeRfiApi('service-worker');
    const user = userEvent.setup();
    await renderRoute('/rfi-v1/42');
    const form = await screen.findByRole('form', { name: 'Request an RFI' });
    const comment = within(form).getByRole('textbox', { name: 'Your request to the applicant' });
    const send = within(form).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();

    await user.click(comment);
    await user.tab();
    expect(await within(form).findByText('Service worker comment is required.')).toBeInTheDocument();
    expect(comment).toHaveAttribute('aria-invalid', 'true');
    expect(comment).toHaveAccessibleDescription(/Service worker comment is required\./);

    await user.type(comment, 'Please send your current CPR certificate.');
    await waitFor(() => expect(send).toBeEnabled());
    expect(within(form).queryByText('Service worker comment is required.')).not.toBeInTheDocument();
    await user.click(send);
    expect(await screen.findByText('Your request was sent to the applicant.')).toBeInTheDocument();
    expect(api.sent.created).toEqual([
      {
        applicationId: 42,
        serviceWorkerComment: 'Please send your current CPR certificate.',
        applicantComment: '',
        status: 'pending',
      },
    ]);
    expect(comment).toHaveValue('');
    expect(await screen.findAllByRole('article')).toHaveLength(3);

    await user.click(screen.getAllByRole('button', { name: /^Mark completed/ })[1]!);
    await waitFor(() => expect(api.sent.completed).toEqual([12]));
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Mark completed/ })).toHaveLength(1));
  }, 15_000);

  it('with two requests pending, the applicant answers each: the form says which, the oldest unanswered first', async () => {
    const newer: Rfi = {
      ...pending,
      rfiId: 13,
      createdDate: '2026-01-08T15:00:00.000Z',
      dueDate: '2026-01-18',
      serviceWorkerComment: 'Please send your lease too.',
    };
    const api = fakeRfiApi('applicant', [newer, pending, completed]);
    const user = userEvent.setup();
    await renderRoute('/rfi-v1/42');
    const form = await screen.findByRole('form', { name: 'Reply to RFI' });
    const which = within(form).getByRole('group', { name: 'Which request are you answering?' });
    const older = within(which).getByRole('radio', { name: /^The request of 05 Jan, 2026, answer by 15 Jan, 2026/ });
    const later = within(which).getByRole('radio', { name: /^The request of 08 Jan, 2026, answer by 18 Jan, 2026/ });
    expect(older).toBeChecked();
    expect(later).toHaveAccessibleName(/Please send your lease too\.$/);

    await user.click(later);
    expect(later).toBeChecked();
    await user.type(within(form).getByRole('textbox', { name: 'Your response' }), 'The lease.');
    await user.upload(document.getElementById('rfi-file') as HTMLInputElement, pdf());
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.sent.replies.map((reply) => reply.rfiId)).toEqual([13]));

    // The answered one waits for the service worker (it may still be added to); the form moves on
    // to the request nobody has answered yet.
    const answered = await within(form).findByRole('radio', { name: /^The request of 08 Jan, 2026, answered/ });
    await waitFor(() =>
      expect(within(form).getByRole('radio', { name: /^The request of 05 Jan, 2026/ })).toBeChecked(),
    );
    expect(answered).not.toBeChecked();
    await user.upload(document.getElementById('rfi-file') as HTMLInputElement, pdf());
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.sent.replies.map((reply) => reply.rfiId)).toEqual([13, 12]));
  }, 15_000);

  it('for staff: the due date runs from today to a year from today, as the API checks it', async () => {
    const api = fakeRfiApi('service-worker');
    const user = userEvent.setup();
    await renderRoute('/rfi-v1/42');
    const form = await screen.findByRole('form', { name: 'Request an RFI' });
    const due = within(form).getByLabelText('Due date (optional)');
    expect(due).toHaveAttribute('min', localDay(0));
    expect(due).toHaveAttribute('max', localDay(365));
    await user.type(within(form).getByRole('textbox', { name: 'Your request to the applicant' }), 'Send the lease.');
    const send = within(form).getByRole('button', { name: 'Send' });

    for (const outside of [localDay(-1), localDay(366)]) {
      await user.clear(due);
      await user.type(due, outside);
      await user.tab();
      expect(
        await within(form).findByText('Choose a due date between today and a year from today.'),
      ).toBeInTheDocument();
      expect(due).toHaveAttribute('aria-invalid', 'true');
      expect(send).toBeDisabled();
    }
    await user.clear(due);
    await user.type(due, localDay(365));
    await waitFor(() => expect(send).toBeEnabled());
    expect(within(form).queryByText(/Choose a due date/)).not.toBeInTheDocument();

    // Should the API still refuse it (a wrong clock), the user is told why, in their language.
    server.use(
      http.post('*/api/rfi/CreateRfi', () =>
        problem(400, 'urn:ccap:problem:validation', {
          detail: `The body is invalid: dueDate: ${RFI_DUE_DATE_OUT_OF_RANGE}`,
          errors: [{ path: 'dueDate', message: RFI_DUE_DATE_OUT_OF_RANGE }],
        }),
      ),
    );
    await user.click(send);
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Choose a due date between today and a year from today.',
    );
    expect(form).not.toHaveTextContent('Something went wrong');
    expect(api.sent.created).toEqual([]);
  }, 15_000);

  it('a refused send is logged as "Error fetching RFI:" and told to the user', async () => {
    fakeRfiApi('applicant');
    server.use(
      http.post('*/api/rfi/RespondRfi', () =>
        problem(413, documentProblemTypes.tooLarge, { maxBytes: 15 * 1024 * 1024 }),
      ),
    );
    const user = userEvent.setup();
    await renderRoute('/rfi-v1/42');
    await screen.findByRole('form', { name: 'Reply to RFI' });
    await user.upload(document.getElementById('rfi-file') as HTMLInputElement, pdf());
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('The file is larger than the 15 MB limit. Please send a smaller file.'),
    ).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Error fetching RFI:', expect.anything());
    // The chosen file stays, to send again or replace.
    expect(screen.getByRole('list', { name: 'Chosen files' })).toHaveTextContent('cpr.pdf');
  });

  it('a failed load is logged and shown; an application that is not the user’s is "not found"', async () => {
    server.use(
      http.get('*/api/Rfi/42/permissions', () => problem(404, 'about:blank')),
      http.get('*/api/Rfi/42', () => problem(404, 'about:blank')),
    );
    await renderRoute('/rfi-v1/42');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find this application.');
    expect(error).toHaveBeenCalledWith('Error fetching RFI:', expect.anything());
  });

  it('tells the applicant when no request waits for an answer', async () => {
    fakeRfiApi('applicant');
    server.use(
      http.get('*/api/Rfi/42', () => HttpResponse.json([completed])),
      http.get('*/api/Rfi/42/permissions', () =>
        HttpResponse.json({
          applicationId: 42,
          applicationStatus: 'in-review',
          mode: 'applicant',
          canRequest: false,
          canComplete: false,
          canReply: false,
        } satisfies RfiPermissions),
      ),
    );
    await renderRoute('/rfi-v1/42');
    expect(await screen.findByText('No request is waiting for your answer.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});

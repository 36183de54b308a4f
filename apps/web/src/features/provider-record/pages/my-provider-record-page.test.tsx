import type { MyProviderRecord } from '@ccap/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answeredApplication, requiredDocument } from '@/test/application-fixtures';
import { movedRecord } from '@/test/provider-record-fixtures';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

const record = movedRecord([
  requiredDocument({
    isUploaded: true,
    file: {
      fileName: 'w9.pdf',
      contentType: 'application/pdf',
      size: 1000,
      sha256: 'a'.repeat(64),
      uploadedAt: '2026-09-20T15:00:00.000Z',
    },
  }),
]);

describe('my provider record', () => {
  it('shows the answers in force, the history of versions and the documents on file', async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get('*/api/ProviderRecord/:id/changes', () => HttpResponse.json({ items: [] })),
      http.get('*/api/ProviderRecord', ({ request }) => {
        const on = new URL(request.url).searchParams.get('on');
        asked.push(on);
        const body: MyProviderRecord = {
          record: on
            ? {
                ...record,
                on,
                inForce: { version: 1, validFrom: '2026-10-01', validTo: '2026-11-10', answers: answeredApplication() },
              }
            : record,
        };
        return HttpResponse.json(body);
      }),
    );
    await renderRoute('/my-provider-record');
    expect(await screen.findByRole('heading', { level: 1, name: 'My provider record' })).toBeInTheDocument();
    expect(await screen.findByText('CCA-0000031')).toBeInTheDocument();
    expect(screen.getByText('9 Elm Street', { exact: false })).toBeInTheDocument();

    const history = screen.getByRole('region', { name: 'History' });
    const versions = within(history).getAllByRole('listitem');
    expect(versions[0]).toHaveTextContent('Version 2');
    expect(versions[0]).toHaveTextContent('by you');
    expect(versions[0]).toHaveTextContent('Why: We moved');
    expect(versions[0]).toHaveTextContent(/Changed: .*Address/i);
    expect(versions[1]).toHaveTextContent('by Eligibility Unit');
    expect(versions[1]).toHaveTextContent('Made from your approved application.');

    const documents = screen.getByRole('region', { name: 'Documents on file' });
    expect(documents).toHaveTextContent('w9.pdf');

    const day = screen.getByLabelText('Show the record as it was on');
    await userEvent.clear(day);
    await userEvent.type(day, '2026-10-15');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText(/: version 1\./)).toBeInTheDocument();
    expect(screen.queryByText('9 Elm Street', { exact: false })).not.toBeInTheDocument();
    expect(asked).toContain('2026-10-15');
  });

  it('shows when the approval ends; in its last 90 days, that it is time to renew', async () => {
    server.use(
      http.get('*/api/ProviderRecord/:id/changes', () => HttpResponse.json({ items: [] })),
      http.get('*/api/ProviderRecord', () =>
        HttpResponse.json({
          record: { ...record, approval: { endsOn: '2026-12-20', daysLeft: 30, lapsed: false } },
        } satisfies MyProviderRecord),
      ),
    );
    await renderRoute('/my-provider-record');
    expect(await screen.findByText('December 20, 2026 (days left: 30)')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your approval ends on December 20, 2026 (days left: 30). Renew it from your Dashboard before that day: your answers are already filled in.',
    );
    expect(screen.getByText('Active')).toBeInTheDocument();
  });

  it('says the approval has lapsed, and what to do', async () => {
    server.use(
      http.get('*/api/ProviderRecord/:id/changes', () => HttpResponse.json({ items: [] })),
      http.get('*/api/ProviderRecord', () =>
        HttpResponse.json({
          record: { ...record, approval: { endsOn: '2026-11-01', daysLeft: -19, lapsed: true } },
        } satisfies MyProviderRecord),
      ),
    );
    await renderRoute('/my-provider-record');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your approval ended on November 1, 2026 with no renewal, so it has lapsed: you are no longer listed in the provider search. Renew from your Dashboard to be approved again: your answers are already filled in.',
    );
    expect(screen.getByText('Lapsed')).toBeInTheDocument();
    expect(screen.getByText('November 1, 2026 (lapsed)')).toBeInTheDocument();
  });

  it('tells an applicant without an approved application what the record is, not an error', async () => {
    server.use(http.get('*/api/ProviderRecord', () => HttpResponse.json({ record: null } satisfies MyProviderRecord)));
    await renderRoute('/my-provider-record');
    expect(await screen.findByText(/You have no provider record yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});

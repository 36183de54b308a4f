import type { AuditSearchResponse } from '@ccap/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { asAdministrator } from '@/test/handlers';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

describe('the audit search', () => {
  it('searches by who and shows the entries newest first', async () => {
    const queries: URLSearchParams[] = [];
    const answer: AuditSearchResponse = {
      items: [
        {
          id: 9,
          occurredAt: '2026-01-06T10:00:00.000Z',
          actorId: null,
          actorLabel: 'sam@example.gov',
          action: 'application.approve',
          entityType: 'application',
          entityId: '41',
          before: { status: 'in-review' },
          after: { status: 'approved' },
          reason: null,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 50,
    };
    server.use(
      asAdministrator,
      http.get('*/api/Staff/audit', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json(answer);
      }),
    );
    await renderRoute('/staff/audit');
    const table = await screen.findByRole('table', { name: 'Audit entries, newest first' });
    expect(table).toHaveTextContent('status: in-review → approved');
    await userEvent.type(screen.getByLabelText('Who (name or email)'), 'sam');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(queries.at(-1)?.get('actor')).toBe('sam'));
  });
});

import type { Availability } from '@ccap/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answeredApplication } from '@/test/application-fixtures';
import { movedRecord } from '@/test/provider-record-fixtures';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

const record = movedRecord();

const availability: Availability = {
  applicationId: 31,
  providerName: 'Little Oaks Home Care',
  county: 'Polk',
  listed: true,
  closedToday: false,
  closedForGood: true,
  closures: [
    {
      closureId: 4,
      kind: 'permanent',
      startsOn: '2026-11-25',
      endsOn: null,
      reason: 'Retiring',
      recordedAt: '2026-11-19T15:00:00.000Z',
      cancelledAt: null,
      state: 'in-force',
    },
  ],
  openings: [{ ageGroup: 'infant-toddler', count: 2, updatedOn: '2026-11-01', stale: false }],
};

describe('the staff view of a provider record', () => {
  it('shows the version in force on the day in the address, the history and the closures, read-only', async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get('*/api/ProviderRecord/31/availability', () => HttpResponse.json(availability)),
      http.get('*/api/ProviderRecord/31', ({ request }) => {
        const on = new URL(request.url).searchParams.get('on');
        asked.push(on);
        return HttpResponse.json(
          on === '2026-10-15'
            ? {
                ...record,
                on,
                inForce: { version: 1, validFrom: '2026-10-01', validTo: '2026-11-10', answers: answeredApplication() },
              }
            : record,
        );
      }),
    );
    const { router } = await renderRoute('/staff/records/31');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Provider record of application 31' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('9 Elm Street', { exact: false })).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent('Why: We moved');

    const closures = await screen.findByRole('region', { name: 'Closures and openings' });
    expect(closures).toHaveTextContent('Closed permanently: no longer listed in the provider search.');
    expect(closures).toHaveTextContent('Retiring');
    expect(within(closures).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'The approved application' })).toHaveAttribute(
      'href',
      '/staff/applications/31',
    );

    const day = screen.getByLabelText('Show the record as it was on');
    await userEvent.clear(day);
    await userEvent.type(day, '2026-10-15');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText(/: version 1\./)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?on=2026-10-15');
    expect(asked).toContain('2026-10-15');
  });

  it('opens on the day a link names, and says so when the record is not there', async () => {
    server.use(
      http.get('*/api/ProviderRecord/32/availability', () => new HttpResponse(null, { status: 404 })),
      http.get('*/api/ProviderRecord/32', () =>
        HttpResponse.json({ title: 'Not Found', status: 404, detail: 'No such provider record' }, { status: 404 }),
      ),
    );
    await renderRoute('/staff/records/32?on=2026-10-15');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});

import type { ExpiringQueue, StaffQueueResponse, StaffRenewalQueue } from '@ccap/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

/** One renewal and one record with an expiring credential; the application queue empty. */
function arrange() {
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
    http.get('*/api/Staff/renewals', () =>
      HttpResponse.json({
        items: [
          {
            applicationId: 52,
            recordApplicationId: 31,
            providerName: 'Little Oaks Home Care',
            county: 'Polk',
            status: 'submitted',
            endsOn: '2026-12-20',
            daysLeft: 21,
            sentOn: '2026-11-20',
          },
        ],
        total: 1,
        page: 1,
        pageSize: 25,
        counties: ['Polk'],
      } satisfies StaffRenewalQueue),
    ),
    http.get('*/api/Staff/expiring', () =>
      HttpResponse.json({
        items: [
          {
            applicationId: 33,
            recordId: 7,
            providerName: 'Maple Tree',
            county: 'Polk',
            soonest: '2026-12-10',
            credentials: [
              {
                key: 'training:cpr',
                kind: 'training',
                code: 'cpr',
                completedOn: '2024-12-10',
                expiresOn: '2026-12-10',
                daysLeft: 11,
                status: 'expiring',
                required: true,
              },
            ],
          },
        ],
        total: 1,
      } satisfies ExpiringQueue),
    ),
  );
}

describe('the queue kind switch', () => {
  it('offers applications, changes, renewals and expiring credentials, the current one marked', async () => {
    arrange();
    const { router } = await renderRoute('/staff');
    const kinds = await screen.findByRole('navigation', { name: 'What to review' });
    const links = within(kinds).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Applications', '/staff'],
      ['Reported changes', '/staff?kind=change'],
      ['Renewals', '/staff?kind=renewal'],
      ['Expiring soon', '/staff?kind=expiring'],
    ]);
    expect(within(kinds).getByRole('link', { name: 'Applications' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(within(kinds).getByRole('link', { name: 'Renewals' }));
    expect(router.state.location.search).toBe('?kind=renewal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Renewals to review' })).toBeInTheDocument();
    expect(within(kinds).getByRole('link', { name: 'Renewals' })).toHaveAttribute('aria-current', 'page');
    expect(within(kinds).getByRole('link', { name: 'Applications' })).not.toHaveAttribute('aria-current');
    const renewal = await screen.findByRole('link', { name: 'Little Oaks Home Care' });
    expect(renewal).toHaveAttribute('href', '/staff/applications/52');
    expect(renewal.closest('tr')).toHaveTextContent('December 20, 2026');

    await userEvent.click(within(kinds).getByRole('link', { name: 'Expiring soon' }));
    expect(router.state.location.search).toBe('?kind=expiring');
    expect(await screen.findByRole('heading', { level: 1, name: 'Credentials expiring soon' })).toBeInTheDocument();
    expect(within(kinds).getByRole('link', { name: 'Expiring soon' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText(/Maple Tree/)).toBeInTheDocument();
  });

  it('an unknown kind in the address lists applications', async () => {
    arrange();
    await renderRoute('/staff?kind=nonsense');
    const kinds = await screen.findByRole('navigation', { name: 'What to review' });
    expect(within(kinds).getByRole('link', { name: 'Applications' })).toHaveAttribute('aria-current', 'page');
  });
});

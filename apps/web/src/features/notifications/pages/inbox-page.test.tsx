import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { testMessage, testNotifications, unavailable } from '@/test/handlers';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';
import { relativeTime } from '../components/relative-time';

describe('the Inbox', () => {
  it('lists the messages with their unread state and opens one, marking it read', async () => {
    const reads: string[] = [];
    server.use(
      http.post('*/api/Messages/:id/read', ({ params }) => {
        reads.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    const { router } = await renderRoute('/apps/mailbox');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: `Unread: ${testMessage.title}` });
    expect(within(screen.getByRole('main')).getByText('Unread: 1')).toBeInTheDocument();
    await user.click(link);

    expect(await screen.findByRole('heading', { level: 1, name: testMessage.title })).toBeInTheDocument();
    expect(screen.getByText('Waiting to be mailed to pat@example.gov.')).toBeInTheDocument();
    const concerns = screen.getByRole('navigation', { name: 'This message concerns' });
    expect(within(concerns).getByRole('link', { name: 'Request for information' })).toHaveAttribute(
      'href',
      '/rfi-v1/42',
    );
    await waitFor(() => expect(reads).toEqual(['21']));
    expect(router.state.location.pathname).toBe('/apps/mailbox/21');
  });

  it('says so when a message does not exist (or is someone else’s)', async () => {
    await renderRoute('/apps/mailbox/999');
    expect(await screen.findByText('This message does not exist or was deleted.')).toBeInTheDocument();
  });
});

describe('the header bell', () => {
  it('shows the unread count and the items with their time, and dismisses one for good', async () => {
    let items = testNotifications.items;
    server.use(
      http.get('*/api/Notifications', () =>
        HttpResponse.json({ items, unreadCount: items.filter((item) => !item.read).length }),
      ),
      http.delete('*/api/Notifications/:id', ({ params }) => {
        items = items.filter((item) => item.id !== Number(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    await renderRoute('/users/profile');
    const bell = await screen.findByRole('button', { name: /^Notifications.*Unread: 1$/ });
    await user.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(within(panel).getByRole('link', { name: /Information requested on application 42/ })).toHaveAttribute(
      'href',
      '/rfi-v1/42',
    );
    expect(within(panel).getByText('5 minutes ago')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Dismiss: Information requested on application 42.' }));
    expect(await within(panel).findByText('You have no notifications.')).toBeInTheDocument();
  });

  it('says the service is busy, and when to try again, when the list answers 503', async () => {
    server.use(http.get('*/api/Notifications', () => unavailable(30)));
    const user = userEvent.setup();
    await renderRoute('/users/profile');
    const bell = await screen.findByRole('button', { name: /^Notifications/ });
    await waitFor(() => expect(bell).toBeEnabled());
    await user.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(
      await within(panel).findByText(
        'The service is busy or temporarily unavailable. Nothing you had already saved was lost. Please try again in 30 seconds.',
      ),
    ).toBeInTheDocument();
  });
});

describe('relative time', () => {
  it('speaks the language of the reader', () => {
    const now = Date.parse('2026-05-01T12:00:00Z');
    expect(relativeTime('2026-05-01T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-05-01T11:55:00Z', 'es', now)).toBe('hace 5 minutos');
    expect(relativeTime('2026-04-30T12:00:00Z', 'de', now)).toBe('gestern');
    expect(relativeTime('2026-05-01T11:59:40Z', 'en', now)).toBe('now');
  });
});

import type { Announcement, SendAnnouncementRequest } from '@ccap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { asAdministrator } from '@/test/handlers';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

/** A stand-in for the announcements API: counts by county, keeps what is sent. */
function fakeAnnouncements() {
  const sent: SendAnnouncementRequest[] = [];
  const listed: Announcement[] = [];
  server.use(
    asAdministrator,
    http.get('*/api/Admin/announcements', () => HttpResponse.json({ data: listed })),
    http.post('*/api/Admin/announcements/audience', async ({ request }) => {
      const { filters } = (await request.json()) as { filters: { counties: string[] } };
      return HttpResponse.json({ count: filters.counties.length === 0 ? 40 : 7 });
    }),
    http.post('*/api/Admin/announcements', async ({ request }) => {
      const body = (await request.json()) as SendAnnouncementRequest;
      sent.push(body);
      const announcement: Announcement = {
        id: sent.length,
        sentAt: '2026-05-01T10:00:00.000Z',
        sentBy: 'admin@example.gov',
        audience: 7,
        delivered: 0,
        languages: body.versions.map((version) => version.language),
        title: body.versions[0]!.title,
        filters: { counties: [], providerTypes: [], statuses: [], withOpenings: false, ...body.filters },
      };
      listed.unshift(announcement);
      return HttpResponse.json(announcement, { status: 201 });
    }),
  );
  return { sent };
}

describe('announcements', () => {
  let api: ReturnType<typeof fakeAnnouncements>;
  beforeEach(() => {
    api = fakeAnnouncements();
  });

  it('refuses an empty message on the page, sending nothing', async () => {
    const user = userEvent.setup();
    await renderRoute('/staff/admin/announcements');
    expect(await screen.findByRole('heading', { level: 1, name: 'Announcements' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send announcement' }));
    expect((await screen.findAllByText('Enter a title.')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.sent).toHaveLength(0);
  });

  it('counts the audience, confirms, and sends each language once', async () => {
    const user = userEvent.setup();
    await renderRoute('/staff/admin/announcements');
    expect(await screen.findByText('Providers reached: 40')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), 'Rates change');
    await user.type(screen.getByLabelText('Message'), 'From July.');
    await user.click(screen.getByRole('button', { name: 'Add a language' }));
    await user.selectOptions(screen.getAllByLabelText('Language')[1]!, 'es');
    await user.type(screen.getAllByLabelText('Title')[1]!, 'Cambian las tarifas');
    await user.type(screen.getAllByLabelText('Message')[1]!, 'Desde julio.');
    const counties = await screen.findByRole('group', { name: 'Counties' });
    await user.click(within(counties).getByRole('checkbox', { name: 'Story' }));
    expect(await screen.findByText('Providers reached: 7')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send announcement' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send this announcement?' });
    expect(dialog).toHaveTextContent('Providers reached: 7');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/^Sent\. Providers reached: 7/)).toBeInTheDocument();
    expect(api.sent).toHaveLength(1);
    expect(api.sent[0]).toMatchObject({
      filters: { counties: ['Story'] },
      versions: [
        { language: 'en', title: 'Rates change', body: 'From July.' },
        { language: 'es', title: 'Cambian las tarifas', body: 'Desde julio.' },
      ],
    });
    const region = screen.getByRole('region', { name: 'Sent announcements' });
    await waitFor(() => expect(within(region).getByRole('heading', { name: 'Rates change' })).toBeInTheDocument());
  }, 90_000);
});

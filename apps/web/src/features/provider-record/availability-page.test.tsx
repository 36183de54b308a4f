import { type Availability, type MyAvailability, plusDays, todayIso } from '@ccap/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

const today = todayIso();

const approved: Availability = {
  applicationId: 41,
  providerName: 'Juniper Home Care',
  county: 'Polk',
  listed: true,
  closedToday: false,
  closedForGood: false,
  closures: [
    {
      closureId: 7,
      kind: 'temporary',
      startsOn: plusDays(today, 5),
      endsOn: plusDays(today, 6),
      reason: 'Family holiday',
      recordedAt: '2026-11-20T15:00:00.000Z',
      cancelledAt: null,
      state: 'upcoming',
    },
  ],
  openings: [{ ageGroup: 'preschool', count: 1, updatedOn: plusDays(today, -70), stale: true }],
};

function arrange(mine: MyAvailability) {
  const sent: { closures: unknown[]; openings: unknown[]; cancelled: string[] } = {
    closures: [],
    openings: [],
    cancelled: [],
  };
  server.use(
    http.get('*/api/ProviderRecord/availability/mine', () => HttpResponse.json(mine)),
    http.post('*/api/ProviderRecord/:id/closures', async ({ request }) => {
      sent.closures.push(await request.json());
      return HttpResponse.json(
        {
          type: 'urn:ccap:problem:closure-overlap',
          title: 'Conflict',
          status: 409,
          detail: 'This closure overlaps another closure.',
          errors: [{ path: 'startsOn', message: 'validation.availability.overlap' }],
        },
        { status: 409, headers: { 'content-type': 'application/problem+json' } },
      );
    }),
    http.put('*/api/ProviderRecord/:id/openings', async ({ request }) => {
      sent.openings.push(await request.json());
      return HttpResponse.json({
        ...approved,
        openings: [{ ageGroup: 'infant-toddler', count: 2, updatedOn: today, stale: false }],
      });
    }),
    http.post('*/api/ProviderRecord/:id/closures/:closureId/cancel', ({ params }) => {
      sent.cancelled.push(String(params.closureId));
      return HttpResponse.json({ ...approved, closures: [{ ...approved.closures[0]!, state: 'cancelled' }] });
    }),
  );
  return sent;
}

describe('the closures and openings page', () => {
  it('tells an applicant without an approved application where to go, not an error', async () => {
    arrange({ availability: null });
    await renderRoute('/my-provider-record/availability');
    expect(await screen.findByText(/You have no approved application yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('lists closures and openings, marking openings not updated recently', async () => {
    arrange({ availability: approved });
    await renderRoute('/my-provider-record/availability');
    expect(await screen.findByText('Families can find you in the provider search.')).toBeInTheDocument();
    const closures = screen.getByRole('region', { name: 'Your closures' });
    expect(within(closures).getByText('Family holiday')).toBeInTheDocument();
    expect(within(closures).getByText('Upcoming')).toBeInTheDocument();
    expect(screen.getByLabelText('Preschool (3 years to school age)')).toHaveValue(1);
    expect(screen.getByText(/Not updated recently/)).toBeInTheDocument();
  });

  it('checks a closure with the contract’s rules before sending, and shows the API’s refusal at its field', async () => {
    const sent = arrange({ availability: approved });
    const user = userEvent.setup();
    await renderRoute('/my-provider-record/availability');
    const form = await screen.findByRole('region', { name: 'Record a closure' });
    await user.click(within(form).getByRole('button', { name: 'Record the closure' }));
    expect(await within(form).findAllByText(/Enter the reason for the closure/)).not.toHaveLength(0);
    expect(sent.closures).toEqual([]);

    await user.type(within(form).getByLabelText('First day closed'), plusDays(today, 6));
    await user.type(within(form).getByLabelText('Last day closed'), plusDays(today, 4));
    await user.type(within(form).getByLabelText(/^Reason/), 'Renovation');
    await user.click(within(form).getByRole('button', { name: 'Record the closure' }));
    expect(await within(form).findAllByText('The last day cannot be before the first day')).not.toHaveLength(0);
    expect(sent.closures).toEqual([]);

    await user.clear(within(form).getByLabelText('Last day closed'));
    await user.type(within(form).getByLabelText('Last day closed'), plusDays(today, 8));
    await user.click(within(form).getByRole('button', { name: 'Record the closure' }));
    expect(
      await within(form).findAllByText(
        'These dates overlap another closure: change them, or cancel the other closure first',
      ),
    ).not.toHaveLength(0);
    expect(sent.closures).toEqual([
      { kind: 'temporary', startsOn: plusDays(today, 6), endsOn: plusDays(today, 8), reason: 'Renovation' },
    ]);
  });

  it('saves the openings and cancels a closure that has not begun', async () => {
    const sent = arrange({ availability: approved });
    const user = userEvent.setup();
    await renderRoute('/my-provider-record/availability');
    await user.type(await screen.findByLabelText('Infant and toddler (2 weeks to 3 years)'), '2');
    await user.click(screen.getByRole('button', { name: 'Save openings' }));
    expect(await screen.findByText('Your openings are saved.')).toBeInTheDocument();
    expect(sent.openings).toEqual([
      {
        openings: [
          { ageGroup: 'infant-toddler', count: 2 },
          { ageGroup: 'preschool', count: 1 },
          { ageGroup: 'school-age', count: 0 },
        ],
      },
    ]);

    await user.click(screen.getByRole('button', { name: /^Cancel the closure:/ }));
    expect(await screen.findByText('The closure is cancelled.')).toBeInTheDocument();
    expect(sent.cancelled).toEqual(['7']);
  });
});

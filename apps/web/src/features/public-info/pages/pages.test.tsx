import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testProfile } from '@/test/handlers';
import { renderRoute } from '@/test/render';

const tel = `tel:+1${testProfile.phone.replace(/\D/g, '')}`;

describe('template pages with the portal content', () => {
  it('FAQ answers open and close as accordions', async () => {
    await renderRoute('/pages/faq', { signedIn: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeInTheDocument();
    const question = screen.getByText('What is a request for information (RFI)?');
    const details = question.closest('details')!;
    expect(details.open).toBe(false);
    await userEvent.click(question);
    expect(details.open).toBe(true);
    expect(within(screen.getByRole('main')).getByRole('link', { name: testProfile.phone })).toHaveAttribute(
      'href',
      tel,
    );
  });

  it('the knowledge base links to the pages of the portal', async () => {
    await renderRoute('/pages/knowledge-base', { signedIn: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Knowledge base' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Who can get Child Care Assistance' }),
    ).toHaveAttribute('href', '/childcareEligibilityInfo');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Documents and forms' })).toHaveAttribute(
      'href',
      '/documentandforms',
    );
  });

  it.each([
    ['/pages/coming-soon-boxed', 'This service is coming soon'],
    ['/pages/coming-soon-cover', 'This service is coming soon'],
    ['/pages/maintenence', 'The portal is down for maintenance'],
    ['/pages/error404', 'Page not found'],
    ['/pages/error500', 'Something went wrong'],
    ['/pages/error503', 'The portal is not available right now'],
  ])('%s says "%s" with a way home and the phone number', async (path, heading) => {
    await renderRoute(path, { signedIn: false });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(await within(screen.getByRole('main')).findByRole('link', { name: testProfile.phone })).toHaveAttribute(
      'href',
      tel,
    );
  });
});

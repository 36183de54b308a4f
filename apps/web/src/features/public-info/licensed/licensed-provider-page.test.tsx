import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { testProfile } from '@/test/handlers';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

describe('licensed provider page', () => {
  it('explains the two steps with the licensing facts of the profile', async () => {
    await renderRoute('/LicensedProviderInfo', { signedIn: false });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Become a licensed child care center' }),
    ).toBeInTheDocument();
    const { licensing } = testProfile;
    expect(
      await screen.findByText(new RegExp(`cares for ${licensing.centerMinimumChildren} or more children`)),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /^Step 1/ })).toBeInTheDocument();
    expect(screen.getByText('Consultation fee: free')).toBeInTheDocument();
    expect(
      screen.getByText(`Send application form ${licensing.applicationForm}. The application carries a fee.`),
    ).toBeInTheDocument();
    expect(screen.getByText('an approved fire marshal report')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`up to ${licensing.provisionalOperationDays} days`))).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      '/contactUsComponent',
    );
  });

  it('formats a consultation fee as money when there is one', async () => {
    server.use(
      http.get('*/api/Program/get-profile', () =>
        HttpResponse.json({ ...testProfile, licensing: { ...testProfile.licensing, consultationFee: 1250 } }),
      ),
    );
    await renderRoute('/LicensedProviderInfo', { signedIn: false });
    expect(await screen.findByText('Consultation fee: $1,250.00')).toBeInTheDocument();
  });
});

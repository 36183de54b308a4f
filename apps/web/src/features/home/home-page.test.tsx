import { screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { testProfile, unavailable } from '@/test/handlers';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

describe('home page', () => {
  it('shows the product name from the API, the paths for providers and families, and the footer', async () => {
    await renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: testProfile.productName.en })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'For child care providers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Apply to become a provider/ })).toHaveAttribute(
      'href',
      '/registeredapplication',
    );
    expect(screen.getByRole('link', { name: /Find child care/ })).toHaveAttribute('href', '/ProviderSearch');
    const year = new Date().getFullYear();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      `© ${year}. ${testProfile.agencyName.en} All rights reserved.`,
    );
    await waitFor(() => expect(document.title).toBe(`Home – ${testProfile.productName.en}`));
  });

  it("shows the product name in the reader's language when the profile has it", async () => {
    await renderRoute('/');
    await i18next.changeLanguage('es');
    const spanish = testProfile.productName.es;
    expect(spanish).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: spanish })).toBeInTheDocument();
    await i18next.changeLanguage('en');
  });

  it('tells the user when the program details cannot be loaded', async () => {
    server.use(
      http.get('*/api/Program/get-profile', () =>
        HttpResponse.json({ type: 'about:blank', title: 'Bad Request', status: 400 }, { status: 400 }),
      ),
    );
    await renderRoute('/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Some program details could not be loaded');
  });

  it('says the service is busy, not that details are missing, when the profile answers 503', async () => {
    server.use(http.get('*/api/Program/get-profile', () => unavailable(30)));
    await renderRoute('/');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The service is busy or temporarily unavailable. Nothing you had already saved was lost. Please try again in 30 seconds.',
    );
  });

  it('shows the not-found page with a way home for an unknown route', async () => {
    await renderRoute('/finance');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});

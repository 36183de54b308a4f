import { notificationEvents, type UserSettings } from '@ccap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { problem, testProfile, testUser } from '@/test/handlers';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

describe('profile and settings', () => {
  it('sends a visitor with no identity to sign in, coming back to the page', async () => {
    const { router, auth } = await renderRoute('/users/profile', { signedIn: false });
    await waitFor(() => expect(auth.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/users/profile' } }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the name, email, translated roles and counties', async () => {
    await renderRoute('/users/profile');
    const main = await screen.findByRole('main');
    expect(await within(main).findByText(testUser.name)).toBeInTheDocument();
    expect(within(main).getByText(testUser.email)).toBeInTheDocument();
    expect(within(main).getByText('Applicant')).toBeInTheDocument();
    expect(within(main).getByText('Service worker')).toBeInTheDocument();
    expect(within(main).getByText('Polk')).toBeInTheDocument();
    expect(document.title).toBe(`Profile – ${testProfile.productName.en}`);
  });

  it('saves the preferred language and email choices', async () => {
    let saved: UserSettings | undefined;
    server.use(
      http.put('*/api/User/me/settings', async ({ request }) => {
        saved = (await request.json()) as UserSettings;
        return HttpResponse.json({ ...testUser, profile: saved });
      }),
    );
    await renderRoute('/users/user-account-settings');
    const language = await screen.findByLabelText('Preferred language');
    expect(within(language).getAllByRole('option')).toHaveLength(16);
    await userEvent.selectOptions(language, 'Español');
    const reminder = screen.getByRole('checkbox', { name: 'Reminders about an unfinished application' });
    expect(reminder).not.toBeChecked();
    await userEvent.click(reminder);
    await userEvent.click(screen.getByRole('checkbox', { name: 'The state asked me for information' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your settings have been saved.');
    expect(saved?.preferredLanguage).toBe('es');
    expect(saved?.notificationPreferences.email.draftReminder).toBe(true);
    expect(saved?.notificationPreferences.email.rfiRequested).toBe(false);
    expect(Object.keys(saved?.notificationPreferences.email ?? {}).sort()).toEqual([...notificationEvents].sort());
  });

  it('says when the settings could not be saved', async () => {
    server.use(http.put('*/api/User/me/settings', () => problem(500, 'about:blank')));
    await renderRoute('/users/user-account-settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your settings could not be saved.');
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { User } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { testProfile } from '@/test/handlers';
import { renderRoute } from '@/test/render';

const signedInUser = (state: unknown) =>
  new User({
    access_token: 'a',
    token_type: 'Bearer',
    profile: { sub: 's', iss: 'i', aud: 'a', exp: 0, iat: 0 },
    userState: state,
  });

describe('signing in and out', () => {
  it('/login starts signing in and remembers where the user wanted to go', async () => {
    const { auth } = await renderRoute('/login?returnTo=%2Fusers%2Fprofile', { signedIn: false });
    await waitFor(() => expect(auth.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/users/profile' } }));
    expect(auth.signinRedirect).toHaveBeenCalledTimes(1);
    expect(document.title).toBe(`Sign in – ${testProfile.productName.en}`);
  });

  it('/login never sends a user off to another site afterwards', async () => {
    const { auth } = await renderRoute('/login?returnTo=%2F%2Fevil.example', { signedIn: false });
    await waitFor(() => expect(auth.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/home' } }));
  });

  it('/login tells the user when signing in cannot start, and lets them try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { auth } = await renderRoute('/login', {
      signedIn: false,
      arrangeAuth: (auth) => auth.signinRedirect.mockRejectedValueOnce(new Error('metadata unreachable')),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not start signing in.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(auth.signinRedirect).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('/login sends a user who is already signed in straight on', async () => {
    const { auth, router } = await renderRoute('/login?returnTo=%2Fusers%2Fprofile', { signedIn: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/profile'));
    expect(auth.signinRedirect).not.toHaveBeenCalled();
  });

  it('/login/callback finishes signing in and goes where the user was going', async () => {
    const { router } = await renderRoute('/login/callback?code=c&state=s', {
      signedIn: false,
      arrangeAuth: (auth) =>
        auth.signinRedirectCallback.mockResolvedValue(signedInUser({ returnTo: '/users/profile' })),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/profile'));
  });

  it('/login/callback shows an error text with a way to try again when it fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderRoute('/login/callback?code=c&state=s', {
      signedIn: false,
      arrangeAuth: (auth) => auth.signinRedirectCallback.mockRejectedValue(new Error('No matching state found')),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not finish signing you in.');
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/login');
  });

  it('/auth/signout asks to confirm with a real form post to the identity provider', async () => {
    await renderRoute('/auth/signout?xsrf=x-123', { signedIn: true });
    const button = await screen.findByRole('button', { name: 'Sign out' });
    const form = button.closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/idp/session/end/confirm');
    expect(form).toHaveFormValues({ xsrf: 'x-123', logout: 'yes' });
    expect(screen.getByRole('link', { name: 'Stay signed in' })).toHaveAttribute('href', '/');
  });

  it('/auth/signed-out clears local and session storage entirely', async () => {
    localStorage.setItem('locale', 'fr');
    sessionStorage.setItem('anything', '1');
    await renderRoute('/auth/signed-out', { signedIn: false });
    expect(await screen.findByRole('heading', { name: 'You are signed out' })).toBeInTheDocument();
    // The page clears storage in an effect, which may run just after the heading shows.
    await waitFor(() => expect(localStorage.length).toBe(0));
    expect(sessionStorage.length).toBe(0);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('/auth/error explains in its own words and offers to start again', async () => {
    await renderRoute('/auth/error?error=access_denied&error_description=Send+money+to+evil', { signedIn: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Signing in was cancelled.');
    expect(screen.getByText('Error code: access_denied')).toBeInTheDocument();
    expect(screen.queryByText(/Send money/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute('href', '/login');
  });

  it('the lock screen names the user and signs in again back to where they were', async () => {
    const { auth } = await renderRoute('/auth/boxed-lockscreen?returnTo=%2Fusers%2Fprofile', {
      signedIn: true,
      state: { name: 'Pat Provider' },
    });
    expect(await screen.findByText(/we locked the session of Pat Provider/)).toBeInTheDocument();
    // Opening the lock screen locks: the tokens are gone.
    await waitFor(async () => expect(await auth.userManager.getUser()).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(auth.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/users/profile' }, prompt: 'login' });
  });
});

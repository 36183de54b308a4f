import { identityProblemTypes } from '@ccap/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { browserLocation } from '@/lib/browser-location';
import { testProfile, problem } from '@/test/handlers';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

describe('sign-in page', () => {
  it('signs in with email and password and follows the identity provider', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    let body: unknown;
    server.use(
      http.get('*/idp/interaction/:uid/details', () =>
        HttpResponse.json({ uid: 'u1', prompt: 'login', loginHint: 'pat@example.com' }),
      ),
      http.post('*/idp/interaction/u1/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ redirectTo: 'http://localhost/idp/auth/u1' });
      }),
    );
    await renderRoute('/auth/boxed-signin?uid=u1', { signedIn: false });
    const email = await screen.findByLabelText('Email address');
    expect(email).toHaveValue('pat@example.com');
    expect(document.title).toBe(`Sign in – ${testProfile.productName.en}`);
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/auth/boxed-signup?uid=u1',
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/auth/boxed-password-reset?uid=u1',
    );

    await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/idp/auth/u1'));
    expect(body).toEqual({ email: 'pat@example.com', password: 'correct horse battery' });
  });

  it('lists what is missing in a focused error summary that links to the fields', async () => {
    await renderRoute('/auth/cover-login?uid=u1', { signedIn: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(summary).toHaveTextContent('There is a problem');
    const emailError = screen.getByRole('link', { name: 'Enter your email address' });
    expect(screen.getByRole('link', { name: 'Enter your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Enter your email address');
    await userEvent.click(emailError);
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    // The cover look links to the cover pages.
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/auth/cover-register?uid=u1',
    );
  });

  it('says the email or password is wrong without saying which, and how long a lockout lasts', async () => {
    server.use(http.post('*/idp/interaction/u1/login', () => problem(401, identityProblemTypes.invalidCredentials)));
    await renderRoute('/auth/boxed-signin?uid=u1', { signedIn: false });
    await userEvent.type(await screen.findByLabelText('Email address'), 'pat@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is incorrect.');

    server.use(
      http.post('*/idp/interaction/u1/login', () =>
        problem(429, identityProblemTypes.locked, { retryAfterSeconds: 900 }),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Too many failed attempts. Try again in 15 minutes.'),
    );
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
      'Too many failed attempts. Try again in 15 minutes.',
    );
  });

  it('offers to start again when the sign-in attempt expired', async () => {
    server.use(http.get('*/idp/interaction/:uid/details', () => problem(410, identityProblemTypes.interactionExpired)));
    const { auth } = await renderRoute('/auth/boxed-signin?uid=old', { signedIn: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your sign-in attempt has expired');
    await userEvent.click(screen.getByRole('button', { name: 'Start again' }));
    expect(auth.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/home' } });
  });

  it('cancels the attempt and follows where the identity provider says', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    await renderRoute('/auth/boxed-signin?uid=u1', { signedIn: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/login/callback?error=access_denied'));
  });

  it('starts a sign-in when opened without a sign-in attempt', async () => {
    const { auth } = await renderRoute('/auth/boxed-signin', { signedIn: false });
    await waitFor(() => expect(auth.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/home' } }));
    expect(screen.getByRole('status')).toHaveTextContent('Taking you to sign in…');
  });
});

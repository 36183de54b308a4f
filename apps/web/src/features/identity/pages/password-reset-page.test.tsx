import { identityProblemTypes } from '@ccap/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { problem } from '@/test/handlers';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

const token = 'a-reset-token-of-enough-length';

describe('password reset', () => {
  it('asks for the email and says to check it, whatever the address', async () => {
    let body: unknown;
    server.use(
      http.post('*/idp/account/forgot-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ status: 'check-email' });
      }),
    );
    await renderRoute('/auth/boxed-password-reset?uid=u1', { signedIn: false });
    await userEvent.type(await screen.findByLabelText('Email address'), 'pat@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    const heading = await screen.findByRole('heading', { name: 'Check your email' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(body).toEqual({ email: 'pat@example.com', uid: 'u1' });
  });

  it('sets a new password with the emailed token and offers to sign in', async () => {
    let body: unknown;
    server.use(
      http.post('*/idp/account/reset-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ status: 'password-reset' });
      }),
    );
    await renderRoute(`/auth/boxed-password-reset?token=${token}`, { signedIn: false });
    await userEvent.type(await screen.findByLabelText('New password'), 'a new long passphrase');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'a different one here');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The passwords do not match');

    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'a new long passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('heading', { name: 'Your password has been changed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(body).toEqual({ token, password: 'a new long passphrase' });
  });

  it('explains an expired or used link and offers a new one', async () => {
    server.use(http.post('*/idp/account/reset-password', () => problem(400, identityProblemTypes.invalidToken)));
    await renderRoute(`/auth/cover-password-reset?token=${token}`, { signedIn: false });
    await userEvent.type(await screen.findByLabelText('New password'), 'a new long passphrase');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'a new long passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is not valid any more.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/auth/cover-password-reset',
    );
  });
});

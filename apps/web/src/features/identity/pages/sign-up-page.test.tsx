import { identityProblemTypes } from '@ccap/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { problem } from '@/test/handlers';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

const fill = async (values: { name?: string; email?: string; password?: string; confirm?: string }) => {
  if (values.name) await userEvent.type(await screen.findByLabelText('Full name'), values.name);
  if (values.email) await userEvent.type(screen.getByLabelText('Email address'), values.email);
  if (values.password) await userEvent.type(screen.getByLabelText('Password'), values.password);
  if (values.confirm) await userEvent.type(screen.getByLabelText('Confirm password'), values.confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
};

describe('create an account', () => {
  it('shows the password rules and checks the form before sending', async () => {
    await renderRoute('/auth/boxed-signup', { signedIn: false });
    expect(await screen.findByLabelText('Password')).toHaveAccessibleDescription(
      'At least 12 characters. Do not use a commonly used password.',
    );
    await fill({ name: 'Pat', email: 'not-an-email', password: 'short', confirm: 'other' });
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(summary).toHaveTextContent('Enter an email address in the correct format, like name@example.com');
    expect(summary).toHaveTextContent('Your password must be at least 12 characters');
    expect(summary).toHaveTextContent('The passwords do not match');
  });

  it('says a name cannot hold a link', async () => {
    await renderRoute('/auth/boxed-signup', { signedIn: false });
    await fill({
      name: 'Visit www.example.com',
      email: 'pat@example.com',
      password: 'a long passphrase',
      confirm: 'a long passphrase',
    });
    expect(
      await screen.findByRole('link', { name: 'A name cannot contain links or special characters' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the sign-in attempt along and then asks the user to check their email', async () => {
    let body: unknown;
    server.use(
      http.post('*/idp/account/register', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ status: 'check-email' });
      }),
    );
    await renderRoute('/auth/boxed-signup?uid=u1', { signedIn: false });
    await fill({
      name: 'Pat Provider',
      email: 'Pat@Example.com',
      password: 'a long passphrase',
      confirm: 'a long passphrase',
    });
    const heading = await screen.findByRole('heading', { name: 'Check your email' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/If pat@example.com can be used for a new account/)).toBeInTheDocument();
    expect(body).toEqual({ name: 'Pat Provider', email: 'pat@example.com', password: 'a long passphrase', uid: 'u1' });
  });

  it('asks for another password when the server finds it too common', async () => {
    server.use(http.post('*/idp/account/register', () => problem(400, identityProblemTypes.weakPassword)));
    await renderRoute('/auth/cover-register', { signedIn: false });
    await fill({ name: 'Pat', email: 'pat@example.com', password: 'password1234', confirm: 'password1234' });
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        expect.stringContaining('This password is commonly used and easy to guess.'),
      ),
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/cover-login');
  });

  it('puts the server field errors on their fields', async () => {
    server.use(
      http.post('*/idp/account/register', () =>
        problem(400, 'about:blank', { errors: [{ path: 'body.email', message: 'Invalid email' }] }),
      ),
    );
    await renderRoute('/auth/boxed-signup', { signedIn: false });
    await fill({ name: 'Pat', email: 'pat@example.com', password: 'a long passphrase', confirm: 'a long passphrase' });
    expect(
      await screen.findByRole('link', { name: /Enter an email address in the correct format/ }),
    ).toBeInTheDocument();
  });
});

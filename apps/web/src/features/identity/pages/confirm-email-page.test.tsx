import { identityProblemTypes } from '@ccap/contracts';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { problem } from '@/test/handlers';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

const token = 'a-confirmation-token-long-enough';

describe('confirm email', () => {
  it('confirms once and carries on with the sign-in attempt that is still open', async () => {
    let calls = 0;
    server.use(
      http.post('*/idp/account/confirm', () => {
        calls += 1;
        return HttpResponse.json({ status: 'confirmed', uid: 'u1' });
      }),
    );
    await renderRoute(`/auth/confirm-email?token=${token}&uid=u1`, { signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Your account is ready' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/boxed-signin?uid=u1');
    expect(calls).toBe(1);
  });

  it('starts a new sign-in when the old attempt has expired', async () => {
    server.use(
      http.post('*/idp/account/confirm', () => HttpResponse.json({ status: 'confirmed', uid: 'old' })),
      http.get('*/idp/interaction/old/details', () => problem(410, identityProblemTypes.interactionExpired)),
    );
    await renderRoute(`/auth/confirm-email?token=${token}`, { signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Your account is ready' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('explains a link that is no longer valid', async () => {
    server.use(http.post('*/idp/account/confirm', () => problem(400, identityProblemTypes.invalidToken)));
    await renderRoute(`/auth/confirm-email?token=${token}`, { signedIn: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is not valid any more.');
  });
});

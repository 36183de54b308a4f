import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testAuthConfig } from '@/test/handlers';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

describe('session timeout', () => {
  beforeEach(() => {
    // Fake clocks that still move on their own, so requests and lazy routes resolve.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(
      http.get('*/api/Auth/config', () =>
        HttpResponse.json({ ...testAuthConfig, idleTimeoutSeconds: 300, idleWarningSeconds: 60 }),
      ),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const advance = (ms: number) =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });

  it('warns with a countdown, then locks the session and keeps the page to come back to', async () => {
    const { router, auth } = await renderRoute('/users/profile');
    expect(await screen.findByRole('heading', { name: 'Your profile' })).toBeInTheDocument();
    await advance(241_000);
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you still there?' });
    expect(dialog).toHaveTextContent(/You will be signed out in 0:5\d/);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Stay signed in' })).toHaveFocus());

    await advance(60_000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/boxed-lockscreen'));
    expect(router.state.location.search).toBe('?returnTo=%2Fusers%2Fprofile');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { name: 'Your session is locked' })).toBeInTheDocument();
    await waitFor(async () => expect(await auth.userManager.getUser()).toBeNull());
    expect(router.state.location.pathname).toBe('/auth/boxed-lockscreen');
  });

  it('stays signed in when the user asks, and renews the tokens', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const { router, auth } = await renderRoute('/users/profile');
    expect(await screen.findByRole('heading', { name: 'Your profile' })).toBeInTheDocument();
    await advance(250_000);
    await user.click(await screen.findByRole('button', { name: 'Stay signed in' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(auth.signinSilent).toHaveBeenCalled();
    await advance(200_000);
    expect(router.state.location.pathname).toBe('/users/profile');
  });

  it('does not run for a signed-out visitor', async () => {
    const { router } = await renderRoute('/', { signedIn: false });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    await advance(400_000);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { problem, testUser } from '@/test/handlers';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

describe('header user area', () => {
  it('offers to sign in when signed out, coming back to the page', async () => {
    await renderRoute('/', { signedIn: false });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?returnTo=%2F');
  });

  it('shows who is signed in and a keyboard-operable account menu', async () => {
    const { router } = await renderRoute('/');
    const header = await screen.findByRole('banner');
    expect(await within(header).findByText(testUser.name)).toBeInTheDocument();
    expect(within(header).getByText(testUser.email)).toBeInTheDocument();

    const button = within(header).getByRole('button', { name: /Account menu for Pat Provider/ });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Profile',
      'Inbox',
      'My provider record',
      'Lock screen',
      'Sign out',
    ]);
    expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(items[4]).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(items[4]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/profile'));
    // A new page: the reader is taken to it, as a full page load would.
    await waitFor(() => expect(document.getElementById('main')).toHaveFocus());
  });

  it('signs out through the identity provider', async () => {
    const { auth } = await renderRoute('/');
    await userEvent.click(await screen.findByRole('button', { name: /Account menu/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(auth.signoutRedirect).toHaveBeenCalledTimes(1);
  });

  it('does not detour through /login while signing out of a login-required page', async () => {
    const { auth, router } = await renderRoute('/users/profile', {
      // Like the real client: the user is dropped before the browser leaves.
      arrangeAuth: (auth) => auth.signoutRedirect.mockImplementation(() => auth.userManager.removeUser()),
    });
    await userEvent.click(await screen.findByRole('button', { name: /Account menu/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(async () => expect(await auth.userManager.getUser()).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(router.state.location.pathname).toBe('/users/profile');
    expect(auth.signinRedirect).not.toHaveBeenCalled();
  });

  it('logs a failed sign-out and keeps the browser storage', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('end session endpoint unreachable');
    const { auth } = await renderRoute('/', { arrangeAuth: (auth) => auth.signoutRedirect.mockRejectedValue(failure) });
    localStorage.setItem('ui-settings', JSON.stringify({ theme: 'dark' }));
    sessionStorage.setItem('draft:kept', '"yes"');
    await userEvent.click(await screen.findByRole('button', { name: /Account menu/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith(failure));
    expect(auth.signoutRedirect).toHaveBeenCalled();
    expect(localStorage.getItem('ui-settings')).toBe('{"theme":"dark"}');
    expect(sessionStorage.getItem('draft:kept')).toBe('"yes"');
  });

  it('clears local and session storage entirely once the sign-out succeeded', async () => {
    localStorage.setItem('ui-settings', JSON.stringify({ theme: 'dark' }));
    sessionStorage.setItem('draft:gone', '"no"');
    await renderRoute('/auth/signed-out', { signedIn: false });
    expect(await screen.findByRole('heading', { name: 'You are signed out' })).toBeInTheDocument();
    // The page clears storage in an effect, which may run just after the heading is painted.
    await waitFor(() => expect(localStorage.length).toBe(0));
    expect(sessionStorage.length).toBe(0);
  });

  it('locks the session from the menu, remembering the page', async () => {
    const { auth, router } = await renderRoute('/users/profile');
    await userEvent.click(await screen.findByRole('button', { name: /Account menu/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Lock screen' }));
    expect(await screen.findByRole('heading', { name: 'Your session is locked' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?returnTo=%2Fusers%2Fprofile');
    expect(screen.getByText(/we locked the session of Pat Provider/)).toBeInTheDocument();
    await waitFor(async () => expect(await auth.userManager.getUser()).toBeNull());
    // It stays on the lock screen: no detour through /login.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(router.state.location.pathname).toBe('/auth/boxed-lockscreen');
    expect(auth.signinRedirect).not.toHaveBeenCalled();
  });

  it('sends the user to /login when the current user cannot be fetched', async () => {
    server.use(http.get('*/api/User/me', () => problem(401, 'about:blank')));
    const { router, auth } = await renderRoute('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?returnTo=%2F');
    await waitFor(() => expect(auth.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/' } }));
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '@/lib/browser-location';
import { testProfile } from '@/test/handlers';
import { renderRoute } from '@/test/render';

beforeEach(() => localStorage.clear());

describe('the shell', () => {
  it('has the sidebar groups of the spec, titled with the product name, and the footer line', async () => {
    await renderRoute('/');
    const sidebar = await screen.findByRole('navigation', { name: 'Portal menu' });
    expect(within(sidebar).getByText(testProfile.productName.en)).toBeInTheDocument();
    const dashboardGroup = within(sidebar).getByRole('region', { name: 'Dashboard' });
    expect(
      within(dashboardGroup)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'Provider Search',
      'Eligibility Info',
      'Documents and Forms',
      'Contact us',
      'Licensed Provider Info',
    ]);
    expect(within(sidebar).getByRole('region', { name: 'Application' })).toHaveTextContent('Create');
    await waitFor(() =>
      expect(screen.getByRole('contentinfo')).toHaveTextContent(
        `© ${new Date().getFullYear()}. ${testProfile.agencyName.en} All rights reserved.`,
      ),
    );
  });

  it('Create opens the application type dialog, and Cancel closes it', async () => {
    const user = userEvent.setup();
    const { router } = await renderRoute('/');
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Application type to apply:' });
    expect(within(dialog).getByRole('button', { name: 'Registered ChildCare Provider' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Create' }));
    await user.click(await screen.findByRole('button', { name: 'Non-Registered ChildCare Provider' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/registeredapplication/registration/unregisteredprovider'),
    );
  });

  it('cycles the theme light → dark → system → light and keeps it', async () => {
    const user = userEvent.setup();
    await renderRoute('/');
    const toggle = await screen.findByRole('button', { name: /Theme: Light/ });
    await user.click(toggle);
    expect(document.documentElement).toHaveClass('dark');
    expect(JSON.parse(localStorage.getItem('ui-settings')!).theme).toBe('dark');
    await user.click(screen.getByRole('button', { name: /Theme: Dark/ }));
    expect(JSON.parse(localStorage.getItem('ui-settings')!).theme).toBe('system');
    await user.click(screen.getByRole('button', { name: /Theme: Same as my device/ }));
    expect(JSON.parse(localStorage.getItem('ui-settings')!).theme).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('choosing Arabic stores it with right-to-left and reloads', async () => {
    const reload = vi.spyOn(browserLocation, 'reload').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await renderRoute('/');
    await user.click(await screen.findByRole('button', { name: /Language: English/ }));
    await user.click(screen.getByRole('menuitemradio', { name: 'العربية' }));
    expect(JSON.parse(localStorage.getItem('ui-settings')!)).toMatchObject({ locale: 'ae', direction: 'rtl' });
    expect(reload).toHaveBeenCalled();
    reload.mockRestore();
  });

  it('the customizer keeps its settings in local storage', async () => {
    const user = userEvent.setup();
    await renderRoute('/');
    await user.click(await screen.findByRole('button', { name: 'Display settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Display settings' });
    await user.click(within(dialog).getByRole('radio', { name: 'Horizontal' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Boxed' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Dark sidebar/ }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Page transition' }), 'zoom-in');
    expect(JSON.parse(localStorage.getItem('ui-settings')!)).toMatchObject({
      menu: 'horizontal',
      layout: 'boxed-layout',
      semidark: true,
      animation: 'zoom-in',
    });
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });
});

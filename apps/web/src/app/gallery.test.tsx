import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GALLERY_ENTRIES } from '@/features/gallery/gallery-entries';
import { GALLERY_LINKS } from '@/features/gallery/gallery-index';
import i18n from 'i18next';
import { renderRoute } from '@/test/render';
import { showsDesignSystem } from './navigation';

describe('the design system gallery (issue 13)', () => {
  it('has one entry for each gallery route, and no other', () => {
    expect(Object.keys(GALLERY_ENTRIES).sort()).toEqual(GALLERY_LINKS.map((link) => link.path).sort());
    expect(GALLERY_LINKS).toHaveLength(66);
  });

  it('shows the Design system menu to administrators, and to everyone only in development', () => {
    expect(showsDesignSystem(['applicant', 'administrator'], false)).toBe(true);
    expect(showsDesignSystem(['applicant', 'service-worker'], false)).toBe(false);
    expect(showsDesignSystem(['applicant'], false)).toBe(false);
    expect(showsDesignSystem([], false)).toBe(false);
    expect(showsDesignSystem([], true)).toBe(true);
  });

  // One page per component shown (the browser test visits every route).
  const onePerSpecimen = GALLERY_LINKS.filter(
    (link, index) =>
      GALLERY_LINKS.findIndex(
        (other) => GALLERY_ENTRIES[other.path]!.specimen === GALLERY_ENTRIES[link.path]!.specimen,
      ) === index,
  );

  it('answers a gallery route of each component with its page, titled, signed out', async () => {
    expect(new Set(onePerSpecimen.map((link) => GALLERY_ENTRIES[link.path]!.kind))).toEqual(
      new Set(['shared', 'feature', 'elsewhere', 'absent']),
    );
    for (const link of onePerSpecimen) {
      await renderRoute(link.path, { signedIn: false });
      const title = i18n.t(link.titleKey);
      expect(await screen.findByRole('heading', { level: 1, name: title }), link.path).toBeInTheDocument();
      const kind = GALLERY_ENTRIES[link.path]!.kind;
      expect(screen.getByText(i18n.t(`gallery.kinds.${kind}`), { exact: false }), link.path).toBeInTheDocument();
      cleanup();
    }
  }, 120_000);

  it('answers an unknown gallery address, a demo app, finance and crypto with the not-found page', async () => {
    for (const path of ['/components/no-such', '/finance', '/crypto', '/apps/chat', '/apps/invoice/list']) {
      await renderRoute(path, { signedIn: false });
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }), path).toBeInTheDocument();
      cleanup();
    }
  });

  it('shows the real error summary on the validation page: focus goes to it, then to the field', async () => {
    const user = userEvent.setup();
    await renderRoute('/forms/validation', { signedIn: false });
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    await user.click(within(summary).getByRole('link', { name: 'Enter the provider name.' }));
    expect(screen.getByLabelText('Provider name')).toHaveFocus();
  });

  it('sorts the real staff queue table by a column header', async () => {
    const user = userEvent.setup();
    await renderRoute('/tables', { signedIn: false });
    const table = await screen.findByRole('table');
    const firstProvider = () => within(table).getAllByRole('rowheader')[0]!.textContent;
    expect(firstProvider()).toBe('Sunrise Child Care');
    await user.click(within(table).getByRole('button', { name: /^Provider/ }));
    expect(within(table).getByRole('columnheader', { name: /^Provider/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(firstProvider()).toBe('Little Oaks Home');
  });

  it('groups the template menus under Design system, with the README link', async () => {
    const user = userEvent.setup();
    await renderRoute('/components/modals');
    // In the header whichever the menu layout (vertical here, the default); in development
    // (the tests) everyone sees it.
    const menu = await screen.findByRole('banner');
    const button = await within(menu).findByRole('button', { name: 'Design system' });
    expect(button).toHaveAttribute('aria-current', 'true');
    await user.click(button);
    for (const group of ['Apps', 'Components', 'Elements', 'Tables', 'Data tables', 'Forms', 'Pages', 'More'])
      expect(await within(menu).findByRole('heading', { name: group })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Modals' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Inbox' })).toHaveAttribute('href', '/apps/mailbox');
    expect(within(menu).getByRole('link', { name: /Documentation \(README\)/ })).toHaveAttribute('href', '/README.md');
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });
});

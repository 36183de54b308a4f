import type { GrantRoleRequest, RevokeRoleRequest, StaffMember } from '@ccap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { asAdministrator, problem, testAdministrator, testProfile, testStaff } from '@/test/handlers';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

const alex: StaffMember = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  name: 'Alex Applicant',
  email: 'alex@example.com',
  roles: ['applicant'],
  counties: [],
};

/** A stand-in for the API's users: grants and revokes change what the staff list answers. */
function fakeDirectory() {
  let people: StaffMember[] = [...structuredClone(testStaff), structuredClone(alex)];
  const grants: GrantRoleRequest[] = [];
  const revokes: RevokeRoleRequest[] = [];
  server.use(
    asAdministrator,
    http.get('*/api/Admin/staff', () =>
      HttpResponse.json({ data: people.filter((person) => person.roles.some((role) => role !== 'applicant')) }),
    ),
    http.post('*/api/Admin/grant-role', async ({ request }) => {
      const body = (await request.json()) as GrantRoleRequest;
      grants.push(body);
      const person = people.find((entry) => entry.email === body.email);
      if (!person) return problem(404, 'about:blank', { detail: 'No user with that email has signed in yet.' });
      person.roles = [...new Set([...person.roles, body.role])];
      person.counties = [...new Set([...person.counties, ...body.counties])];
      return HttpResponse.json(person);
    }),
    http.post('*/api/Admin/revoke-role', async ({ request }) => {
      const body = (await request.json()) as RevokeRoleRequest;
      revokes.push(body);
      if (body.email === testAdministrator.email && body.role === 'administrator') {
        return problem(400, 'about:blank', { detail: 'You cannot remove your own administrator role.' });
      }
      people = people.map((person) =>
        person.email === body.email ? { ...person, roles: person.roles.filter((role) => role !== body.role) } : person,
      );
      return HttpResponse.json(people.find((person) => person.email === body.email));
    }),
  );
  return { grants, revokes };
}

const staffTable = async () => within(await screen.findByRole('region', { name: 'Staff table' })).getByRole('table');
const rowOf = async (name: string) => (await screen.findByRole('rowheader', { name })).closest('tr')!;

describe('staff administration', () => {
  let directory: ReturnType<typeof fakeDirectory>;
  beforeEach(() => {
    directory = fakeDirectory();
  });

  it('lists staff with translated roles and counties, in a keyboard-scrollable region', async () => {
    await renderRoute('/staff/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff administration' })).toBeInTheDocument();
    const region = await screen.findByRole('region', { name: 'Staff table' });
    expect(region).toHaveAttribute('tabindex', '0');
    const table = await staffTable();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const sam = within(await rowOf('Sam Worker'));
    expect(sam.getByText('sam@example.gov')).toBeInTheDocument();
    expect(sam.getByText('Applicant')).toBeInTheDocument();
    expect(sam.getByText('Service worker')).toBeInTheDocument();
    expect(sam.getByText('Polk')).toBeInTheDocument();
    expect(sam.getByRole('button', { name: 'Remove Service worker from Sam Worker' })).toBeInTheDocument();
    // Everyone is an applicant: that is not a role to remove.
    expect(sam.getAllByRole('button', { name: /^Remove / })).toHaveLength(1);
    expect(sam.getByRole('button', { name: 'Reset the second factor of Sam Worker' })).toBeInTheDocument();
    expect(within(await rowOf('Ada Administrator')).getByText('None')).toBeInTheDocument();
    expect(document.title).toBe(`Staff administration – ${testProfile.productName.en}`);
  });

  // 99 checkboxes make role queries slow in jsdom.
  it(
    'grants a role with counties chosen through the filter, then shows it in the list',
    { timeout: 20_000 },
    async () => {
      await renderRoute('/staff/admin');
      await staffTable();
      expect(screen.queryByRole('rowheader', { name: 'Alex Applicant' })).not.toBeInTheDocument();

      await userEvent.type(screen.getByLabelText('Email address'), 'alex@example.com');
      const roles = screen.getByRole('group', { name: 'Role' });
      await userEvent.click(within(roles).getByRole('radio', { name: 'Service worker' }));
      const counties = screen.getByRole('group', { name: 'Counties' });
      expect(within(counties).getAllByRole('checkbox')).toHaveLength(testProfile.counties.length);
      const filter = within(counties).getByRole('searchbox', { name: 'Filter counties' });
      await userEvent.type(filter, 'sto{Enter}');
      expect(within(counties).getAllByRole('checkbox')).toHaveLength(1);
      expect(within(counties).getByText(`Showing 1 of ${testProfile.counties.length} counties`)).toBeInTheDocument();
      await userEvent.click(within(counties).getByRole('checkbox', { name: 'Story' }));
      await userEvent.clear(filter);
      await userEvent.click(within(counties).getByRole('checkbox', { name: 'Polk' }));
      expect(within(counties).getByText('2 counties selected: Polk and Story')).toBeInTheDocument();
      expect(directory.grants).toHaveLength(0);

      await userEvent.click(screen.getByRole('button', { name: 'Grant role' }));
      const status = await screen.findByText('Alex Applicant now has the Service worker role.');
      expect(status.closest('[role="status"]')).not.toBeNull();
      expect(directory.grants).toEqual([
        { email: 'alex@example.com', role: 'service-worker', counties: ['Polk', 'Story'] },
      ]);
      const alexRow = within(await rowOf('Alex Applicant'));
      expect(alexRow.getByText('Service worker')).toBeInTheDocument();
      expect(alexRow.getByText('Polk and Story')).toBeInTheDocument();
      // The form is ready for the next grant.
      expect(screen.getByLabelText('Email address')).toHaveValue('');
      expect(within(counties).getByText('No counties selected.')).toBeInTheDocument();
    },
  );

  it('says to sign in first when no user has that email', async () => {
    await renderRoute('/staff/admin');
    await staffTable();
    await userEvent.type(screen.getByLabelText('Email address'), 'nobody@example.com');
    await userEvent.click(screen.getByRole('radio', { name: 'Administrator' }));
    await userEvent.click(screen.getByRole('button', { name: 'Grant role' }));
    const message = 'No user with that email has signed in yet. Ask them to sign in once, then try again.';
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(message);
    await waitFor(() => expect(summary).toHaveFocus());
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(/No user with that email/);
    expect(directory.grants).toEqual([{ email: 'nobody@example.com', role: 'administrator', counties: [] }]);
  });

  it('asks for an email and a role before sending anything', async () => {
    await renderRoute('/staff/admin');
    await staffTable();
    await userEvent.click(screen.getByRole('button', { name: 'Grant role' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Enter your email address', 'Choose a role']);
    expect(directory.grants).toHaveLength(0);
  });

  it('removes a role only after the dialog confirms which role from whom', async () => {
    await renderRoute('/staff/admin');
    const remove = within(await rowOf('Sam Worker')).getByRole('button', {
      name: 'Remove Service worker from Sam Worker',
    });
    await userEvent.click(remove);
    let dialog = screen.getByRole('alertdialog', { name: 'Remove this role?' });
    expect(dialog).toHaveAccessibleDescription(
      'Sam Worker (sam@example.gov) will no longer have the Service worker role. You can grant it again later.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
    expect(directory.revokes).toHaveLength(0);

    await userEvent.keyboard('{Enter}');
    dialog = screen.getByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove role' }));
    expect(await screen.findByText('Sam Worker no longer has the Service worker role.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(directory.revokes).toEqual([{ email: 'sam@example.gov', role: 'service-worker' }]);
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Sam Worker' })).not.toBeInTheDocument());
  });

  it('explains, translated, why administrators cannot remove their own administrator role', async () => {
    await renderRoute('/staff/admin');
    await userEvent.click(
      within(await rowOf('Ada Administrator')).getByRole('button', {
        name: 'Remove Administrator from Ada Administrator',
      }),
    );
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove role' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You cannot remove your own administrator role. Ask another administrator to do it.',
    );
    expect(within(await rowOf('Ada Administrator')).getByText('Administrator')).toBeInTheDocument();
  });

  it('offers Administration in the account menu to administrators', async () => {
    const { router } = await renderRoute('/users/profile');
    await userEvent.click(await screen.findByRole('button', { name: /Account menu/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Administration' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/admin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff administration' })).toBeInTheDocument();
  });
});

describe('staff administration access', () => {
  it('shows a signed-in user without the administrator role that they have no access, without asking the API', async () => {
    let staffCalls = 0;
    server.use(
      http.get('*/api/Admin/staff', () => {
        staffCalls += 1;
        return problem(403, 'about:blank');
      }),
    );
    const { router, auth } = await renderRoute('/staff/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeVisible();
    expect(screen.getByText(/This page is for staff with the Administrator role/)).toBeInTheDocument();
    expect(document.title).toBe(`You do not have access to this page – ${testProfile.productName.en}`);
    expect(router.state.location.pathname).toBe('/staff/admin');
    expect(auth.signinRedirect).not.toHaveBeenCalled();
    expect(staffCalls).toBe(0);

    await userEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    expect(screen.queryByRole('menuitem', { name: 'Administration' })).not.toBeInTheDocument();
  });

  it('sends a visitor with no identity to sign in, coming back to the page', async () => {
    const { router, auth } = await renderRoute('/staff/admin', { signedIn: false });
    await waitFor(() => expect(auth.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/staff/admin' } }));
    expect(router.state.location.pathname).toBe('/login');
  });
});

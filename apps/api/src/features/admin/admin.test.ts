import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createUser } from '../../../test/identity';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('administration of staff roles', () => {
  it('lists the staff, with roles and counties, to administrators only', async () => {
    const admin = await createUser(ctx, 'Listing Admin', 'administrator');
    const worker = await createUser(ctx, 'Listed Worker', 'service-worker');
    const applicant = await createUser(ctx, 'Not Staff');
    const list = await ctx.app.inject({ method: 'GET', url: '/api/Admin/staff', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    const staff = list.json<{ data: { email: string; roles: string[] }[] }>().data;
    expect(staff.find((member) => member.email === worker.email)?.roles).toEqual(['applicant', 'service-worker']);
    expect(staff.find((member) => member.email === admin.email)?.roles).toContain('administrator');
    expect(staff.some((member) => member.email === applicant.email)).toBe(false);
    for (const caller of [worker, applicant]) {
      const refused = await ctx.app.inject({ method: 'GET', url: '/api/Admin/staff', headers: caller.headers });
      expect(refused.statusCode).toBe(403);
    }
  });

  it('lets an administrator grant and revoke staff roles with counties, audited', async () => {
    const admin = await createUser(ctx, 'Admin Person', 'administrator');
    const worker = await createUser(ctx, 'Future Worker');
    const granted = await ctx.app.inject({
      method: 'POST',
      url: '/api/Admin/grant-role',
      headers: admin.headers,
      payload: { email: worker.email, role: 'service-worker', counties: ['Polk', 'Story'] },
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ roles: ['applicant', 'service-worker'], counties: ['Polk', 'Story'] });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/User/me', headers: worker.headers });
    expect(me.json().roles).toContain('service-worker');

    const badCounty = await ctx.app.inject({
      method: 'POST',
      url: '/api/Admin/grant-role',
      headers: admin.headers,
      payload: { email: worker.email, role: 'service-worker', counties: ['Atlantis'] },
    });
    expect(badCounty.statusCode).toBe(400);
    const stranger = await ctx.app.inject({
      method: 'POST',
      url: '/api/Admin/grant-role',
      headers: admin.headers,
      payload: { email: 'never.signed.in@example.gov', role: 'administrator' },
    });
    expect(stranger.statusCode).toBe(404);

    const revoked = await ctx.app.inject({
      method: 'POST',
      url: '/api/Admin/revoke-role',
      headers: admin.headers,
      payload: { email: worker.email, role: 'service-worker' },
    });
    expect(revoked.json()).toMatchObject({ roles: ['applicant'], counties: [] });
    // (The worker's calls as staff add their sign-in to the user's trail: staff-sign-in.test.ts.)
    const trail = (await ctx.app.repositories.audit.forEntity('user', worker.id)).filter((row) =>
      row.action.startsWith('role.'),
    );
    expect(trail.map((row) => row.action)).toEqual(['role.granted', 'role.revoked']);
    expect(trail[0]?.actor_label).toBe(admin.email);

    // Two identity providers may each know someone by this email: never guess between them.
    await ctx.app.repositories.users.resolve({
      issuer: 'https://other-idp.example',
      subject: 'x1',
      email: worker.email,
      name: 'Namesake',
    });
    const ambiguous = await ctx.app.inject({
      method: 'POST',
      url: '/api/Admin/grant-role',
      headers: admin.headers,
      payload: { email: worker.email, role: 'administrator' },
    });
    expect(ambiguous.statusCode).toBe(409);
  });

  it('audits role changes made at the same moment as one chain: each before is the state the last one left', async () => {
    const admin = await createUser(ctx, 'Chain Admin', 'administrator');
    const worker = await createUser(ctx, 'Chain Worker');
    const change = (url: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url, headers: admin.headers, payload: { email: worker.email, ...payload } });
    const answers = await Promise.all([
      change('/api/Admin/grant-role', { role: 'service-worker', counties: ['Polk'] }),
      change('/api/Admin/grant-role', { role: 'administrator' }),
      change('/api/Admin/grant-role', { role: 'service-worker', counties: ['Story'] }),
      change('/api/Admin/revoke-role', { role: 'administrator' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const trail = (await ctx.app.repositories.audit.forEntity('user', worker.id))
      .filter((row) => row.action.startsWith('role.'))
      .sort((a, b) => a.id - b.id);
    expect(trail).toHaveLength(4);
    expect(trail[0]!.before).toEqual({ roles: ['applicant'], counties: [] });
    for (const [index, row] of trail.entries()) {
      if (index > 0) expect(row.before, `entry ${index}`).toEqual(trail[index - 1]!.after);
    }
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/User/me', headers: worker.headers })).json();
    expect({ roles: me.roles, counties: me.counties }).toEqual(trail.at(-1)!.after);
  });

  it('refuses to let administrators remove their own administrator role', async () => {
    const admin = await createUser(ctx, 'Lone Admin', 'administrator');
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/Admin/revoke-role',
      headers: admin.headers,
      payload: { email: admin.email, role: 'administrator' },
    });
    expect(answer.statusCode).toBe(400);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/User/me', headers: admin.headers });
    expect(me.json().roles).toContain('administrator');
  });
});

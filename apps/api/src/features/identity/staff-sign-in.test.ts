import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, registerAndConfirm, signInThroughIdp } from '../../../test/identity';

// Issue #9: every sign-in of a staff member is an audit row (who, when, what). The API writes
// it on the first call a new sign-in makes, so it works the same behind any OpenID Provider
// (external-idp.test.ts checks one); the built-in one puts auth_time and sid in its tokens.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const call = (token: string, url = '/api/Staff/applications') =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const signInsOf = async (userId: string) =>
  (await ctx.app.repositories.audit.forEntity('user', userId)).filter((row) => row.action === 'staff.signed-in');

describe('staff sign-in audit', () => {
  const account = { name: 'Sign In Worker', email: 'sign.in.worker@example.gov', password: 'Audited sign in 2026' };
  let userId: string;

  it('audits nothing for an applicant', async () => {
    await registerAndConfirm(ctx, account);
    const { tokens } = await signInThroughIdp(ctx, account.email, account.password);
    const me = await call(tokens!.access_token, '/api/User/me');
    expect(me.statusCode).toBe(200);
    userId = me.json<{ id: string }>().id;
    expect(await signInsOf(userId)).toEqual([]);
  });

  it("writes one row for a staff member's sign-in, however many calls it makes at once", async () => {
    await ctx.app.repositories.users.changeRole(
      { action: 'grant', userId, role: 'service-worker', counties: ['Polk'] },
      { id: null, label: 'test' },
    );
    const { tokens } = await signInThroughIdp(ctx, account.email, account.password);
    const claims = decodeJwt(tokens!.access_token);
    expect(claims).toMatchObject({ auth_time: expect.any(Number), sid: expect.any(String) });

    const answers = await Promise.all([call(tokens!.access_token), call(tokens!.access_token, '/api/User/me')]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await call(tokens!.access_token)).statusCode).toBe(200);
    const rows = await signInsOf(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_id: userId,
      actor_label: account.email,
      entity_type: 'user',
      entity_id: userId,
      after: {
        roles: ['service-worker'],
        counties: ['Polk'],
        basis: 'token',
        authTime: new Date(Number(claims.auth_time) * 1000).toISOString(),
      },
    });
    expect(rows[0]!.request_id).toBeTruthy();

    // A refreshed token is the same sign-in: no new row.
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/idp/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens!.refresh_token ?? '',
        client_id: 'ccap-web',
      }).toString(),
    });
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json<{ access_token: string }>().access_token;
    expect(decodeJwt(next)).toMatchObject({ auth_time: claims.auth_time, sid: claims.sid });
    expect((await call(next)).statusCode).toBe(200);
    expect(await signInsOf(userId)).toHaveLength(1);
  });

  it('writes a row for each new sign-in', async () => {
    const { tokens } = await signInThroughIdp(ctx, account.email, account.password);
    expect((await call(tokens!.access_token)).statusCode).toBe(200);
    expect(await signInsOf(userId)).toHaveLength(2);
  });

  it('counts a call after a pause as a sign-in when the token names none, and lists it in the audit search', async () => {
    // createUser's tokens carry neither auth_time nor sid, as some issuers' do not.
    const admin = await createUser(ctx, 'Idle Admin', 'administrator');
    expect((await call(admin.token)).statusCode).toBe(200);
    expect((await call(admin.token)).statusCode).toBe(200);
    expect((await signInsOf(admin.id)).map((row) => row.after)).toEqual([expect.objectContaining({ basis: 'idle' })]);
    await sql`update app_user set last_seen_at = now() - interval '31 minutes' where id = ${admin.id}`.execute(
      ctx.database.db,
    );
    expect((await call(admin.token)).statusCode).toBe(200);
    expect(await signInsOf(admin.id)).toHaveLength(2);

    const search = await call(admin.token, `/api/Staff/audit?action=staff.signed-in&actor=${account.email}`);
    expect(search.json<{ items: { action: string; actorLabel: string }[] }>().items).toEqual([
      expect.objectContaining({ action: 'staff.signed-in', actorLabel: account.email }),
      expect.objectContaining({ action: 'staff.signed-in', actorLabel: account.email }),
    ]);
  });
});

import { identityProblemTypes } from '@ccap/contracts';
import { sql } from 'kysely';
import providerStorage from 'oidc-provider/lib/helpers/als.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, lastMailTo, registerAndConfirm, signInThroughIdp } from '../../../test/identity';
import { FORGOT_PASSWORD_ANSWER_MS } from './idp/idp.routes';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ devMailView: true });
});
afterAll(async () => {
  await ctx.close();
});

// A client address of the test's own: registrations are limited per client and minute.
const register = (body: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/idp/account/register', payload: body, remoteAddress });

describe('built-in identity provider', () => {
  it('publishes discovery with code flow and PKCE only', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' });
    expect(response.statusCode).toBe(200);
    const discovery = response.json();
    expect(discovery.issuer).toBe(ctx.config.identity.issuer);
    expect(discovery.response_types_supported).toEqual(['code']);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    const jwks = await ctx.app.inject({ method: 'GET', url: '/idp/jwks' });
    const keys = jwks.json<{ keys: Record<string, unknown>[] }>().keys;
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('turns its request context off once it serves no request, as its next request turns it on (ADR 052)', async () => {
    // The storage imported is the one oidc-provider runs its requests in (its `run` is called).
    const run = vi.spyOn(providerStorage, 'run');
    const disable = vi.spyOn(providerStorage, 'disable');
    try {
      const [discovery, jwks] = await Promise.all([
        ctx.app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' }),
        ctx.app.inject({ method: 'GET', url: '/idp/jwks' }),
      ]);
      expect([discovery.statusCode, jwks.statusCode]).toEqual([200, 200]);
      expect(run).toHaveBeenCalledTimes(2);
      expect(disable).toHaveBeenCalled();
      const after = disable.mock.calls.length;
      // Its next request is served as before, and it lets go of the context again after.
      const again = await ctx.app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' });
      expect(again.json().issuer).toBe(ctx.config.identity.issuer);
      expect(disable.mock.calls.length).toBe(after + 1);
    } finally {
      run.mockRestore();
      disable.mockRestore();
    }
  });

  it('registers, confirms by mail, signs in with the code flow and calls the API as that user', async () => {
    const email = 'new.provider@example.gov';
    const password = 'Maple syrup on Tuesdays';
    const registered = await register({ name: 'Nia Provider', email, password });
    expect(registered.statusCode).toBe(200);
    expect(registered.json()).toEqual({ status: 'check-email' });

    const early = await signInThroughIdp(ctx, email, password);
    expect(early.login.statusCode).toBe(403);
    expect(early.login.json().type).toBe(identityProblemTypes.emailNotConfirmed);

    const { token, link } = await lastMailTo(ctx, email);
    expect(link).toMatch(/\/auth\/confirm-email\?token=/);
    const confirmed = await ctx.app.inject({ method: 'POST', url: '/idp/account/confirm', payload: { token } });
    expect(confirmed.json()).toMatchObject({ status: 'confirmed' });
    const again = await ctx.app.inject({ method: 'POST', url: '/idp/account/confirm', payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().type).toBe(identityProblemTypes.invalidToken);

    const { tokens } = await signInThroughIdp(ctx, email, password);
    expect(tokens?.access_token).toBeTruthy();
    expect(tokens?.refresh_token).toBeTruthy();
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/User/me',
      headers: { authorization: `Bearer ${tokens!.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ name: 'Nia Provider', email, roles: ['applicant'], counties: [] });

    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/idp/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens!.refresh_token!,
        client_id: 'ccap-web',
      }).toString(),
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().access_token).toBeTruthy();
  });

  it('answers a registration for a taken email exactly as for a new one', async () => {
    const email = 'taken@example.gov';
    const first = await register({ name: 'First', email, password: 'Apples and pears 42' });
    const second = await register({ name: 'Second', email, password: 'Oranges and lemons 7' });
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json()).toEqual(first.json());
    const { mail } = await lastMailTo(ctx, email);
    expect(mail?.subject).toMatch(/already have an account/);
  });

  it('registers all or nothing: a failure at its last step or the mail leaves no account, link or mail', async () => {
    const email = 'half.way@example.gov';
    const account = { name: 'Hal Way', email, password: 'Halfway up the stairs' };
    // An address of its own: the registration limit a minute counts per client address.
    const registerHalfWay = (payload: typeof account) =>
      ctx.app.inject({ method: 'POST', url: '/idp/account/register', payload, remoteAddress: '198.51.100.23' });
    const { db } = ctx.database;
    const count = async (query: ReturnType<typeof sql<{ count: string }>>) =>
      Number((await query.execute(db)).rows[0]!.count);
    const written = async () => ({
      accounts: await count(sql`select count(*) from idp_account where email = ${email}`),
      links: await count(sql`select count(*) from idp_one_time_token t join idp_account a on a.id = t.account_id
                             where a.email = ${email}`),
      mails: await count(sql`select count(*) from mail_outbox where to_address = ${email}`),
      audit: await count(
        sql`select count(*) from audit_log where action = 'account.registered' and actor_label = ${email}`,
      ),
    });
    const nothing = { accounts: 0, links: 0, mails: 0, audit: 0 };
    expect(await written()).toEqual(nothing);

    const { audit, mail } = ctx.app.repositories;
    for (const fail of [
      () => vi.spyOn(audit, 'recordChange').mockRejectedValueOnce(new Error('the audit row could not be written')),
      () => vi.spyOn(mail, 'enqueue').mockRejectedValueOnce(new Error('the outbox row could not be written')),
    ]) {
      const failing = fail();
      try {
        const failed = await registerHalfWay(account);
        expect(failing).toHaveBeenCalledOnce();
        expect(failed.statusCode).toBe(500);
        expect(failed.headers['content-type']).toMatch(/^application\/problem\+json/);
      } finally {
        failing.mockRestore();
      }
      expect(await written()).toEqual(nothing);
    }

    // Nothing was left half-made: the address is still free, and the next try registers it.
    const registered = await registerHalfWay(account);
    expect(registered.statusCode).toBe(200);
    expect(registered.json()).toEqual({ status: 'check-email' });
    expect(await written()).toEqual({ accounts: 1, links: 1, mails: 1, audit: 1 });
    expect((await lastMailTo(ctx, email)).link).toMatch(/\/auth\/confirm-email\?token=/);
  });

  it('refuses common and short passwords with a clear message', async () => {
    const common = await register({ name: 'Pat', email: 'pat@example.gov', password: 'password1234' });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ type: identityProblemTypes.weakPassword, errors: [{ path: 'password' }] });
    const short = await register({ name: 'Pat', email: 'pat@example.gov', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0].path).toBe('password');
  });

  it('refuses keyboard walks, sequences and passwords built on the name, saying which rule (ADR 086)', async () => {
    const cases = [
      ['qwertyuiopas', ['common', 'pattern']],
      ['asdfghjkl;12', ['common', 'pattern']],
      ['abcdefghijkl', ['common', 'pattern']],
      ['Quentin Marlowe 1', ['personal']],
    ] as const;
    for (const [password, reasons] of cases) {
      const answer = await register(
        { name: 'Quentin Marlowe', email: 'quentin.marlowe@example.gov', password },
        '198.51.100.86',
      );
      expect(answer.statusCode, password).toBe(400);
      const problem = answer.json<{ type: string; reason: string; detail: string }>();
      expect(problem.type).toBe(identityProblemTypes.weakPassword);
      expect(reasons, password).toContain(problem.reason);
      expect(problem.detail).toMatch(/Choose a longer phrase/);
    }
    const strong = await register(
      { name: 'Quentin Marlowe', email: 'quentin.marlowe@example.gov', password: 'Velvet-Orchard-Compass-93' },
      '198.51.100.86',
    );
    expect(strong.statusCode).toBe(200);
    // A reset is checked the same way (the link is looked at only after the password passes).
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/idp/account/reset-password',
      payload: { token: 'x'.repeat(40), password: 'zxcvbnmasdfg' },
      remoteAddress: '198.51.100.86',
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toMatchObject({ type: identityProblemTypes.weakPassword });
  });

  it('delays sign-in from a client after five failures, the same for an unknown email, without saying which', async () => {
    await registerAndConfirm(ctx, { name: 'Lee', email: 'lee@example.gov', password: 'Correct horse battery' });

    const answers = async (email: string) => {
      const statuses: { status: number; body: Record<string, unknown> }[] = [];
      for (let attempt = 0; attempt < 6; attempt++) {
        const { login } = await signInThroughIdp(ctx, email, 'Wrong password here');
        const { requestId: _id, instance: _instance, ...body } = login.json();
        statuses.push({ status: login.statusCode, body });
      }
      return statuses;
    };
    const known = await answers('lee@example.gov');
    const unknown = await answers('nobody@example.gov');
    expect(known.map((a) => a.status)).toEqual([401, 401, 401, 401, 429, 429]);
    expect(unknown).toEqual(known);
    expect(known[0]?.body.detail).toBe('Email or password is incorrect.');
    expect(known[4]?.body).toMatchObject({ type: identityProblemTypes.locked, retryAfterSeconds: 60 });
    expect(known[4]?.body.detail).toBe('Too many failed attempts. Try again in 1 minute.');
    const locked = await signInThroughIdp(ctx, 'lee@example.gov', 'Correct horse battery');
    expect(locked.login.statusCode).toBe(429);
  });

  it('counts parallel guesses one by one, so a burst cannot slip past the wait', async () => {
    await registerAndConfirm(ctx, { name: 'Par', email: 'par@example.gov', password: 'Parallel lines meet 9' });
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        ctx.app.repositories.accounts.signIn('par@example.gov', `Wrong guess ${index}`, { ip: '192.0.2.8' }),
      ),
    );
    expect(burst.filter((result) => result.outcome === 'invalid').length).toBeLessThanOrEqual(4);
    const after = await ctx.app.repositories.accounts.signIn('par@example.gov', 'Parallel lines meet 9', {
      ip: '192.0.2.8',
    });
    expect(after.outcome).toBe('locked');
  });

  it('a password reset ends the sessions and refresh tokens the account had', async () => {
    await registerAndConfirm(ctx, { name: 'Ses', email: 'ses@example.gov', password: 'Sessions end today 1' });
    const { tokens } = await signInThroughIdp(ctx, 'ses@example.gov', 'Sessions end today 1');
    await ctx.app.inject({
      method: 'POST',
      url: '/idp/account/forgot-password',
      payload: { email: 'ses@example.gov' },
    });
    const { token } = await lastMailTo(ctx, 'ses@example.gov');
    await ctx.app.inject({
      method: 'POST',
      url: '/idp/account/reset-password',
      payload: { token, password: 'A fresh start phrase 2' },
    });
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/idp/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens!.refresh_token!,
        client_id: 'ccap-web',
      }).toString(),
    });
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json().error).toBe('invalid_grant');
  });

  it('answers a forgotten password no sooner for an unknown address than for a known one, even when it fails', async () => {
    await registerAndConfirm(ctx, { name: 'Tim', email: 'tim@example.gov', password: 'Timing is everything 7' });
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/idp/account/forgot-password',
        // An address of its own: the reset limit counts per client address.
        remoteAddress: '198.51.100.61',
        payload: { email },
      });
      return { response, ms: performance.now() - started };
    };
    const unknown = await timed('nobody.here@example.gov');
    const known = await timed('tim@example.gov');
    expect(known.response.json()).toEqual(unknown.response.json());
    // Only the known address made a link and its mail; both waited for the same floor.
    expect((await lastMailTo(ctx, 'tim@example.gov')).token).toBeTruthy();
    for (const { ms } of [unknown, known]) expect(ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_ANSWER_MS - 2);

    const failing = vi
      .spyOn(ctx.app.repositories.mail, 'enqueue')
      .mockRejectedValueOnce(new Error('the outbox row could not be written'));
    try {
      const failed = await timed('tim@example.gov');
      expect(failed.response.statusCode).toBe(500);
      expect(failed.ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_ANSWER_MS - 2);
    } finally {
      failing.mockRestore();
    }
  });

  it('resets a forgotten password through a one-time mailed link', async () => {
    await registerAndConfirm(ctx, { name: 'Rae', email: 'rae@example.gov', password: 'Old but gold phrase' });

    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/idp/account/forgot-password',
      payload: { email: 'ghost@example.gov' },
    });
    const known = await ctx.app.inject({
      method: 'POST',
      url: '/idp/account/forgot-password',
      payload: { email: 'rae@example.gov' },
    });
    expect(known.json()).toEqual(unknown.json());
    const { token, link } = await lastMailTo(ctx, 'rae@example.gov');
    expect(link).toMatch(/\/auth\/boxed-password-reset\?token=/);

    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/idp/account/reset-password',
      payload: { token, password: 'Brand new secret phrase' },
    });
    expect(reset.json()).toEqual({ status: 'password-reset' });
    const reuse = await ctx.app.inject({
      method: 'POST',
      url: '/idp/account/reset-password',
      payload: { token, password: 'Another new phrase 99' },
    });
    expect(reuse.statusCode).toBe(400);

    expect((await signInThroughIdp(ctx, 'rae@example.gov', 'Old but gold phrase')).login.statusCode).toBe(401);
    expect(
      (await signInThroughIdp(ctx, 'rae@example.gov', 'Brand new secret phrase')).tokens?.access_token,
    ).toBeTruthy();
  });

  it('answers an expired or unknown interaction with 410', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/idp/interaction/nope/details' });
    expect(response.statusCode).toBe(410);
    expect(response.json().type).toBe(identityProblemTypes.interactionExpired);
  });

  it('shows mails in the development view to loopback callers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/Dev/mail' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.length).toBeGreaterThan(0);
    const remote = await ctx.app.inject({ method: 'GET', url: '/api/Dev/mail', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
  });
});

describe('user settings', () => {
  it('saves the preferred language and notification preferences', async () => {
    const user = await createUser(ctx, 'Settings User');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/User/me', headers: user.headers });
    const preferences = me.json().profile.notificationPreferences;
    expect(Object.values(preferences.email).every(Boolean)).toBe(true);
    preferences.email.draftReminder = false;
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/User/me/settings',
      headers: user.headers,
      payload: { preferredLanguage: 'es', notificationPreferences: preferences },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profile).toMatchObject({
      preferredLanguage: 'es',
      notificationPreferences: { email: { draftReminder: false, rfiRequested: true } },
    });
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/User/me/settings',
      headers: user.headers,
      payload: { preferredLanguage: 'xx', notificationPreferences: preferences },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the signed-in user', () => {
  it('GET /api/User/me answers each caller their own, and a change at once', async () => {
    const [ana, ben] = [await createUser(ctx, 'Ana Me'), await createUser(ctx, 'Ben Me')];
    const me = async (user: typeof ana) =>
      (await ctx.app.inject({ method: 'GET', url: '/api/User/me', headers: user.headers })).json<{
        id: string;
        email: string;
        profile: { preferredLanguage: string; notificationPreferences: unknown };
      }>();
    const anaFirst = await me(ana);
    expect(anaFirst).toMatchObject({ id: ana.id, email: ana.email, profile: { preferredLanguage: 'en' } });
    expect(await me(ben)).toMatchObject({ id: ben.id, email: ben.email });
    expect(await me(ana)).toMatchObject({ id: ana.id, email: ana.email });
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/User/me/settings',
      headers: ana.headers,
      payload: { ...anaFirst.profile, preferredLanguage: 'es' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await me(ana)).profile.preferredLanguage).toBe('es');
    expect(await me(ben)).toMatchObject({ id: ben.id, profile: { preferredLanguage: 'en' } });
  });
});

describe('rate limits on credential endpoints', () => {
  it('answers the 6th password-reset request in a minute from one address with 429 and Retry-After', async () => {
    const responses = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      responses.push(
        await ctx.app.inject({
          method: 'POST',
          url: '/idp/account/forgot-password',
          remoteAddress: '198.51.100.7',
          payload: { email: `someone${attempt}@example.gov` },
        }),
      );
    }
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 429]);
    const last = responses[5]!;
    expect(last.headers['retry-after']).toBeDefined();
    expect(last.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(last.json().detail).toMatch(/Too many requests/);
    // Another address is not affected.
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/idp/account/forgot-password',
      remoteAddress: '198.51.100.8',
      payload: { email: 'someone@example.gov' },
    });
    expect(other.statusCode).toBe(200);
  });
});

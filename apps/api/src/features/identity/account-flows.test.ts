import { identityProblemTypes } from '@ccap/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { lastMailTo, signInThroughIdp } from '../../../test/identity';

// The built-in provider's account flows after registration (which identity.test.ts covers) each
// write in one transaction: a failure at a later step keeps nothing of the flow, and the same
// request then succeeds. Each test calls from an address of its own: the limits count per address.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const post = (url: string, payload: Record<string, unknown>, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url, payload, remoteAddress });

const count = async (query: ReturnType<typeof sql<{ count: string }>>) =>
  Number((await query.execute(ctx.database.db)).rows[0]!.count);

/** Unused one-time links of the account, for one purpose. */
const openLinks = (accountId: string, purpose: 'confirm-email' | 'reset-password') =>
  count(sql`select count(*) from idp_one_time_token
            where account_id = ${accountId} and purpose = ${purpose} and used_at is null`);

const mailsTo = (email: string, kind: string) =>
  count(sql`select count(*) from mail_outbox where to_address = ${email} and kind = ${kind}`);

/** Makes each given step fail once, in turn, and checks every failure answered 500 and kept nothing. */
async function failEachOnce<T>(
  steps: (() => { mockRestore: () => void; mock: { calls: unknown[] } })[],
  attempt: () => Promise<{ statusCode: number; headers: Record<string, unknown> }>,
  state: () => Promise<T>,
) {
  const before = await state();
  for (const fail of steps) {
    const failing = fail();
    try {
      const failed = await attempt();
      expect(failing.mock.calls).toHaveLength(1);
      expect(failed.statusCode).toBe(500);
      expect(failed.headers['content-type']).toMatch(/^application\/problem\+json/);
    } finally {
      failing.mockRestore();
    }
    expect(await state()).toEqual(before);
  }
}

const failAudit = () =>
  vi
    .spyOn(ctx.app.repositories.audit, 'recordChange')
    .mockRejectedValueOnce(new Error('the audit row could not be written'));
const failMail = () =>
  vi
    .spyOn(ctx.app.repositories.mail, 'enqueue')
    .mockRejectedValueOnce(new Error('the outbox row could not be written'));

describe('account flows of the built-in provider are all or nothing', () => {
  it('a password reset: a failure keeps the old password, the sessions and the link; the retry uses it up', async () => {
    const email = 'reset.half@example.gov';
    const address = '198.51.100.41';
    const account = (await ctx.app.repositories.accounts.create({
      name: 'Reset Half',
      email,
      password: 'The old phrase stays put',
      verified: true,
    }))!;
    expect((await signInThroughIdp(ctx, email, 'The old phrase stays put')).tokens?.refresh_token).toBeTruthy();
    expect((await post('/idp/account/forgot-password', { email }, address)).statusCode).toBe(200);
    const { token } = await lastMailTo(ctx, email);
    const reset = () => post('/idp/account/reset-password', { token, password: 'A new phrase at last 3' }, address);

    const state = async () => ({
      passwordHash: (
        await ctx.database.db
          .selectFrom('idp_account')
          .select('password_hash')
          .where('id', '=', account.id)
          .executeTakeFirstOrThrow()
      ).password_hash,
      openLinks: await openLinks(account.id, 'reset-password'),
      sessions: await count(sql`select count(*) from oidc_payload where payload->>'accountId' = ${account.id}`),
      mails: await mailsTo(email, 'password-changed'),
      audit: await count(sql`select count(*) from audit_log
                             where action = 'account.password-reset' and entity_id = ${account.id}`),
    });
    const before = await state();
    expect(before).toMatchObject({ openLinks: 1, mails: 0, audit: 0 });
    expect(before.sessions).toBeGreaterThan(0);

    await failEachOnce([failAudit, failMail], reset, state);
    expect(
      (await ctx.app.repositories.accounts.signIn(email, 'The old phrase stays put', { ip: '192.0.2.9' })).outcome,
    ).toBe('signed-in');

    // The link still works: the retry changes the password and uses the link up.
    const retried = await reset();
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ status: 'password-reset' });
    const after = await state();
    expect(after.passwordHash).not.toBe(before.passwordHash);
    expect(after).toMatchObject({ openLinks: 0, sessions: 0, mails: 1, audit: 1 });
    const reused = await reset();
    expect(reused.statusCode).toBe(400);
    expect(reused.json().type).toBe(identityProblemTypes.invalidToken);
    expect(
      (await ctx.app.repositories.accounts.signIn(email, 'A new phrase at last 3', { ip: '192.0.2.9' })).outcome,
    ).toBe('signed-in');
  });

  /** Of resets sent at once, exactly one took: one 200, one 400, one mail, one audit row. */
  async function expectOneReset(answers: { statusCode: number }[], email: string, accountId: string) {
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(await mailsTo(email, 'password-changed')).toBe(1);
    expect(
      await count(sql`select count(*) from audit_log
                      where action = 'account.password-reset' and entity_id = ${accountId}`),
    ).toBe(1);
  }

  it('a password reset link used twice at once resets once', async () => {
    const email = 'reset.twice@example.gov';
    const address = '198.51.100.42';
    const account = (await ctx.app.repositories.accounts.create({
      name: 'Reset Twice',
      email,
      password: 'Twice is once too many',
      verified: true,
    }))!;
    await post('/idp/account/forgot-password', { email }, address);
    const { token } = await lastMailTo(ctx, email);
    const answers = await Promise.all(
      ['First new phrase wins 1', 'Second new phrase wins 2'].map((password) =>
        post('/idp/account/reset-password', { token, password }, address),
      ),
    );
    await expectOneReset(answers, email, account.id);
  });

  it('two reset links of one account used at once: one resets, the other is told its link is void, no deadlock', async () => {
    const email = 'reset.two.links@example.gov';
    const address = '198.51.100.47';
    const account = (await ctx.app.repositories.accounts.create({
      name: 'Reset Two Links',
      email,
      password: 'Two links one account',
      verified: true,
    }))!;
    await post('/idp/account/forgot-password', { email }, address);
    const first = (await lastMailTo(ctx, email)).token;
    await post('/idp/account/forgot-password', { email }, address);
    const second = (await lastMailTo(ctx, email)).token;
    expect(second).not.toBe(first);
    const answers = await Promise.all(
      [
        [first, 'First link new phrase 1'],
        [second, 'Second link new phrase 2'],
      ].map(([token, password]) => post('/idp/account/reset-password', { token, password }, address)),
    );
    await expectOneReset(answers, email, account.id);
  });

  it('a confirmation: a failure leaves the link usable and the account unconfirmed; the retry confirms', async () => {
    const email = 'confirm.half@example.gov';
    const address = '198.51.100.43';
    const registered = await post(
      '/idp/account/register',
      { name: 'Confirm Half', email, password: 'Confirmed in one go 5' },
      address,
    );
    expect(registered.statusCode).toBe(200);
    const { token } = await lastMailTo(ctx, email);
    const account = (await ctx.app.repositories.accounts.findByEmail(email))!;
    const confirm = () => post('/idp/account/confirm', { token }, address);
    const state = async () => ({
      openLinks: await openLinks(account.id, 'confirm-email'),
      verified: (await ctx.app.repositories.accounts.findById(account.id))!.emailVerified,
    });
    const before = await state();
    expect(before).toEqual({ openLinks: 1, verified: false });

    // Marking the account confirmed is the flow's last step and no repository call of its own:
    // the database refuses it while this trigger exists. Only the owner may make a trigger.
    await ctx.asOwner(async ({ db }) => {
      await sql`create function refuse_confirmation() returns trigger language plpgsql as $$
                begin raise exception 'the account could not be marked confirmed'; end $$`.execute(db);
      await sql`create trigger refuse_confirmation before update of email_verified_at on idp_account
                for each row when (new.email = ${sql.lit(email)}) execute function refuse_confirmation()`.execute(db);
    });
    try {
      const failed = await confirm();
      expect(failed.statusCode).toBe(500);
      expect(failed.headers['content-type']).toMatch(/^application\/problem\+json/);
    } finally {
      await ctx.asOwner(async ({ db }) => {
        await sql`drop trigger refuse_confirmation on idp_account`.execute(db);
        await sql`drop function refuse_confirmation()`.execute(db);
      });
    }
    expect(await state()).toEqual(before);

    const retried = await confirm();
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ status: 'confirmed' });
    expect(await state()).toEqual({ openLinks: 0, verified: true });
    const again = await confirm();
    expect(again.statusCode).toBe(400);
    expect(again.json().type).toBe(identityProblemTypes.invalidToken);
  });

  it('a forgotten password: a failed mail leaves no reset link; the retry makes one, mailed', async () => {
    const email = 'forgot.half@example.gov';
    const address = '198.51.100.44';
    const account = (await ctx.app.repositories.accounts.create({
      name: 'Forgot Half',
      email,
      password: 'Forgotten but not gone',
      verified: true,
    }))!;
    const forgot = () => post('/idp/account/forgot-password', { email }, address);
    const state = async () => ({
      openLinks: await openLinks(account.id, 'reset-password'),
      mails: await mailsTo(email, 'reset-password'),
    });
    expect(await state()).toEqual({ openLinks: 0, mails: 0 });

    await failEachOnce([failMail], forgot, state);

    const retried = await forgot();
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ status: 'check-email' });
    expect(await state()).toEqual({ openLinks: 1, mails: 1 });
    expect((await lastMailTo(ctx, email)).link).toMatch(/\/auth\/boxed-password-reset\?token=/);
  });

  it('a sign-in before confirming: a failed mail leaves no new link; the retry sends one that confirms', async () => {
    const email = 'resend.half@example.gov';
    const password = 'Still waiting for mail 8';
    const account = (await ctx.app.repositories.accounts.create({ name: 'Resend Half', email, password }))!;
    const state = async () => ({
      openLinks: await openLinks(account.id, 'confirm-email'),
      mails: await mailsTo(email, 'confirm-email'),
    });
    expect(await state()).toEqual({ openLinks: 0, mails: 0 });

    await failEachOnce([failMail], async () => (await signInThroughIdp(ctx, email, password)).login, state);

    const { login } = await signInThroughIdp(ctx, email, password);
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({
      type: identityProblemTypes.emailNotConfirmed,
      detail: 'Please confirm your email first: we sent you a new link.',
    });
    expect(await state()).toEqual({ openLinks: 1, mails: 1 });
    const { token } = await lastMailTo(ctx, email);
    const confirmed = await post('/idp/account/confirm', { token }, '198.51.100.45');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'confirmed', uid: expect.any(String) });
  });
});

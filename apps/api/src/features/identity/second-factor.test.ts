import { RECOVERY_CODE_COUNT } from '@ccap/contracts';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import {
  createUser,
  registerAndConfirm,
  signInThroughIdp,
  type InteractionCall,
  type SecondFactorStep,
} from '../../../test/identity';
import { BUILT_IN_ISSUER_KEY } from '../../env';
import { needsSecondFactor } from './idp/second-factor.routes';

// ADR 088: administrators (and, by the profile, service workers) sign in with a password and an
// authenticator app's code (RFC 6238) or a one-time recovery code.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const codeAt = (secret: string, timestamp = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });

async function staffAccount(name: string, role: 'administrator' | 'service-worker') {
  const account = {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.gov`,
    password: 'Quartz-Harbor-Lantern-2026',
  };
  await registerAndConfirm(ctx, account);
  const idp = (await ctx.app.repositories.accounts.findByEmail(account.email))!;
  const user = await ctx.app.repositories.users.resolve({
    issuer: BUILT_IN_ISSUER_KEY,
    subject: idp.id,
    email: account.email,
    name,
  });
  await ctx.app.repositories.users.changeRole(
    { action: 'grant', userId: user.id, role, counties: role === 'service-worker' ? ['Polk'] : [] },
    { id: null, label: 'test' },
  );
  return { ...account, accountId: idp.id, userId: user.id };
}

/** Answers the code step with `code`, keeping the last answer for the test to look at. */
function answerWith(code: () => string, seen: { last?: Awaited<ReturnType<InteractionCall>> } = {}): SecondFactorStep {
  return async (step, call) => {
    expect(step).toBe('verify');
    seen.last = await call('second-factor', { code: code() });
    return seen.last.statusCode === 200 ? seen.last.json<{ redirectTo: string }>().redirectTo : undefined;
  };
}

const auditOf = async (type: 'idp_account' | 'user', id: string, action: string) =>
  (await ctx.app.repositories.audit.forEntity(type, id)).filter((row) => row.action === action);

describe('staff second factor', () => {
  let admin: Awaited<ReturnType<typeof staffAccount>>;
  let secret: string;
  let recoveryCodes: string[];
  /** The code that confirmed the enrolment. */
  let enrolCode = '';

  it('lets a service worker sign in with a password alone under the default profile', async () => {
    const worker = await staffAccount('Plain Worker', 'service-worker');
    const { tokens, login } = await signInThroughIdp(ctx, worker.email, worker.password);
    expect(login.json()).toHaveProperty('redirectTo');
    expect(tokens?.access_token).toBeTruthy();
  });

  it('asks a worker too when the profile says so, and an administrator always', async () => {
    const worker = await staffAccount('Profile Worker', 'service-worker');
    const on = { staffSecondFactor: { serviceWorkers: true } };
    const off = { staffSecondFactor: { serviceWorkers: false } };
    expect(await needsSecondFactor(ctx.app.repositories, on, worker.accountId)).toBe(true);
    expect(await needsSecondFactor(ctx.app.repositories, off, worker.accountId)).toBe(false);
    admin = await staffAccount('Second Factor Admin', 'administrator');
    expect(await needsSecondFactor(ctx.app.repositories, off, admin.accountId)).toBe(true);
  });

  it('sends an administrator without one to enrol: no tokens until a first code confirms it', async () => {
    const { login, tokens } = await signInThroughIdp(ctx, admin.email, admin.password);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ secondFactor: 'enrol' });
    expect(tokens).toBeUndefined();
  });

  it('refuses the code calls of an attempt whose password step was not passed', async () => {
    const { uid } = await signInThroughIdp(ctx, admin.email, 'a wrong password entirely');
    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/idp/interaction/${uid}/second-factor`,
      payload: { code: '123456' },
    });
    expect(answer.statusCode).toBe(410);
  });

  it('enrols with a sealed secret, a first code and ten single-use recovery codes, audited', async () => {
    const { tokens } = await signInThroughIdp(ctx, admin.email, admin.password, async (step, call) => {
      expect(step).toBe('enrol');
      const started = await call('second-factor/enrolment');
      expect(started.statusCode).toBe(200);
      ({ secret } = started.json<{ secret: string; otpauthUri: string }>());
      expect(started.json<{ otpauthUri: string }>().otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
      // The secret is stored sealed: never as the base32 text a dump would show.
      const row = await ctx.database.db
        .selectFrom('idp_second_factor')
        .selectAll()
        .where('account_id', '=', admin.accountId)
        .executeTakeFirstOrThrow();
      expect(row.secret_sealed).not.toContain(secret);
      expect(row.enrolled_at).toBeNull();

      const wrong = await call('second-factor/enrolment/confirm', { code: codeAt(secret, Date.now() - 10 * 60_000) });
      expect(wrong.statusCode).toBe(401);
      enrolCode = codeAt(secret);
      const confirmed = await call('second-factor/enrolment/confirm', { code: enrolCode });
      expect(confirmed.statusCode).toBe(200);
      const body = confirmed.json<{ redirectTo: string; recoveryCodes: string[] }>();
      recoveryCodes = body.recoveryCodes;
      return body.redirectTo;
    });
    expect(tokens?.access_token).toBeTruthy();
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    const stored = await ctx.database.db
      .selectFrom('idp_recovery_code')
      .select('code_hash')
      .where('account_id', '=', admin.accountId)
      .execute();
    expect(stored.map((row) => row.code_hash)).not.toContain(recoveryCodes[0]);
    expect(await auditOf('idp_account', admin.accountId, 'account.second-factor-enrolled')).toEqual([
      expect.objectContaining({ actor_label: admin.email, after: { method: 'totp', recoveryCodes: 10 } }),
    ]);
  });

  it('asks an enrolled administrator for a code and never shows the secret again', async () => {
    const { login } = await signInThroughIdp(ctx, admin.email, admin.password, async (step, call) => {
      expect(step).toBe('verify');
      expect((await call('second-factor/enrolment')).statusCode).toBe(409);
      return undefined;
    });
    expect(login.json()).toEqual({ secondFactor: 'verify' });
  });

  it('refuses a code used once already (the one that confirmed the enrolment), and a wrong one', async () => {
    const seen: { last?: Awaited<ReturnType<InteractionCall>> } = {};
    const used = await signInThroughIdp(
      ctx,
      admin.email,
      admin.password,
      answerWith(() => enrolCode, seen),
    );
    expect(used.tokens).toBeUndefined();
    expect(seen.last?.statusCode).toBe(401);
    const wrong = await signInThroughIdp(
      ctx,
      admin.email,
      admin.password,
      answerWith(() => '000000', seen),
    );
    expect(wrong.tokens).toBeUndefined();
  });

  it('takes the next step’s code (the window), then refuses that same code again', async () => {
    const next = codeAt(secret, Date.now() + 30_000);
    const first = await signInThroughIdp(
      ctx,
      admin.email,
      admin.password,
      answerWith(() => next),
    );
    expect(first.tokens?.access_token).toBeTruthy();
    const seen: { last?: Awaited<ReturnType<InteractionCall>> } = {};
    const replay = await signInThroughIdp(
      ctx,
      admin.email,
      admin.password,
      answerWith(() => next, seen),
    );
    expect(replay.tokens).toBeUndefined();
    expect(seen.last?.json()).toMatchObject({ type: 'urn:ccap:problem:invalid-second-factor-code' });
  });

  it('accepts a recovery code once, audited, and never again', async () => {
    const code = recoveryCodes[0]!.toUpperCase();
    const first = await signInThroughIdp(
      ctx,
      admin.email,
      admin.password,
      answerWith(() => code),
    );
    expect(first.tokens?.access_token).toBeTruthy();
    expect(await auditOf('idp_account', admin.accountId, 'account.recovery-code-used')).toEqual([
      expect.objectContaining({ after: { recoveryCodesLeft: RECOVERY_CODE_COUNT - 1 } }),
    ]);
    const again = await signInThroughIdp(
      ctx,
      admin.email,
      admin.password,
      answerWith(() => code),
    );
    expect(again.tokens).toBeUndefined();
  });

  it('checks the window of one step either side and refuses older steps (repository, fixed clock)', async () => {
    const other = await staffAccount('Window Admin', 'administrator');
    const demoSecret = new Secret({ size: 20 }).base32;
    expect(await ctx.app.repositories.secondFactor.seedDemo(other.accountId, demoSecret)).toBe(true);
    const actor = { id: null, label: 'test' };
    const now = new Date('2026-03-02T12:00:10Z');
    const at = (seconds: number) => codeAt(demoSecret, now.getTime() + seconds * 1000);
    const verify = (code: string, when = now) =>
      ctx.app.repositories.secondFactor.verify(other.accountId, code, actor, when);
    expect(await verify(at(-60))).toEqual({ outcome: 'invalid' });
    expect(await verify(at(60))).toEqual({ outcome: 'invalid' });
    expect(await verify(at(-30))).toEqual({ outcome: 'accepted', via: 'totp' });
    expect(await verify(at(-30))).toEqual({ outcome: 'invalid' }); // replay
    expect(await verify(at(0))).toEqual({ outcome: 'accepted', via: 'totp' });
    expect(await verify(at(-30))).toEqual({ outcome: 'invalid' }); // an earlier step after a later one
    expect(await verify(at(30))).toEqual({ outcome: 'accepted', via: 'totp' });
  });

  it('pauses after five wrong codes, even for a right one, and says how long', async () => {
    const other = await staffAccount('Throttled Admin', 'administrator');
    const demoSecret = new Secret({ size: 20 }).base32;
    await ctx.app.repositories.secondFactor.seedDemo(other.accountId, demoSecret);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const seen: { last?: Awaited<ReturnType<InteractionCall>> } = {};
      await signInThroughIdp(
        ctx,
        other.email,
        other.password,
        answerWith(() => '999999', seen),
      );
      statuses.push(seen.last!.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const seen: { last?: Awaited<ReturnType<InteractionCall>> } = {};
    const right = await signInThroughIdp(
      ctx,
      other.email,
      other.password,
      answerWith(() => codeAt(demoSecret), seen),
    );
    expect(right.tokens).toBeUndefined();
    expect(seen.last?.statusCode).toBe(429);
    // A minute from the fifth wrong code, less what has passed since.
    expect(Number(seen.last?.headers['retry-after'])).toBeGreaterThan(30);
    expect(Number(seen.last?.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(seen.last?.json()).toMatchObject({ type: 'urn:ccap:problem:second-factor-locked' });
  });

  describe('reset by an administrator', () => {
    const reset = (token: string, email: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/Admin/reset-second-factor',
        headers: { authorization: `Bearer ${token}` },
        payload: { email },
      });

    it('is for administrators only', async () => {
      const worker = await createUser(ctx, 'Curious Worker', 'service-worker', ['Polk']);
      const applicant = await createUser(ctx, 'Curious Applicant');
      expect((await reset(worker.token, admin.email)).statusCode).toBe(403);
      expect((await reset(applicant.token, admin.email)).statusCode).toBe(403);
      expect(await ctx.app.repositories.secondFactor.isEnrolled(admin.accountId)).toBe(true);
    });

    it('clears it, audited, so that the next sign-in enrols again', async () => {
      const other = await createUser(ctx, 'Resetting Admin', 'administrator');
      const answer = await reset(other.token, admin.email);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ status: 'reset' });
      expect(await auditOf('user', admin.userId, 'account.second-factor-reset')).toEqual([
        expect.objectContaining({
          actor_id: other.id,
          actor_label: other.email,
          before: { enrolled: true },
          after: { enrolled: false },
        }),
      ]);
      const { login } = await signInThroughIdp(ctx, admin.email, admin.password);
      expect(login.json()).toEqual({ secondFactor: 'enrol' });
      // The recovery codes went with it.
      const left = await ctx.database.db
        .selectFrom('idp_recovery_code')
        .select('code_hash')
        .where('account_id', '=', admin.accountId)
        .execute();
      expect(left).toEqual([]);
      expect((await reset(other.token, admin.email)).json()).toEqual({ status: 'none' });
    });

    it("refuses an administrator's own", async () => {
      const self = await createUser(ctx, 'Self Resetting Admin', 'administrator');
      const answer = await reset(self.token, self.email);
      expect(answer.statusCode).toBe(400);
    });
  });
});

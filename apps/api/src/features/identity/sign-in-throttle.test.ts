import { identityProblemTypes } from '@ccap/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { registerAndConfirm, signInThroughIdp } from '../../../test/identity';
import { BUILT_IN_ISSUER_KEY } from '../../env';
import { MAX_DELAY_SECONDS } from './idp/sign-in-throttle';

// ADR 095: failed sign-ins are throttled per account and client together, with growing waits and
// no lock; the owner's own device never waits for an attacker's failures.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

let serial = 0;
async function account(name: string) {
  const created = {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}.${++serial}@example.gov`,
    password: 'Juniper-Compass-Meadow-81',
  };
  await registerAndConfirm(ctx, created);
  return created;
}

/** Each call from an address of its own: the per-minute rate limit counts per address. */
let address = 0;
const nextAddress = () => {
  address += 1;
  return `10.${Math.floor(address / 250) % 250}.${address % 250}.7`;
};

/** A first sign-in from the owner's usual browser: its device cookie. */
async function ownersDevice(owner: { email: string; password: string }, remoteAddress: string) {
  const first = await signInThroughIdp(ctx, owner.email, owner.password, undefined, { remoteAddress });
  expect(first.tokens?.access_token).toBeTruthy();
  expect(first.deviceCookie).toMatch(/^ccap_device=/);
  const setCookie = [first.login.headers['set-cookie'] ?? []].flat().find((line) => line.startsWith('ccap_device='));
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Strict/);
  return first.deviceCookie!;
}

/** Moves every count of an address back in time, as if `seconds` had passed. */
const pass = (email: string, seconds: number) =>
  sql`update idp_sign_in_throttle set last_failed_at = last_failed_at - make_interval(secs => ${seconds}) where email = ${email}`.execute(
    ctx.database.db,
  );

const problemOf = (answer: { json: () => unknown }) => answer.json() as { type: string; retryAfterSeconds?: number };

describe('sign-in throttling by account and client', () => {
  it('lets the owner in from their device at once after 50 wrong passwords from another client', async () => {
    const owner = await account('Owner Olu');
    const device = await ownersDevice(owner, '203.0.113.10');
    const statuses = new Set<number>();
    for (let attempt = 0; attempt < 50; attempt++) {
      // Past 30 a minute the address's rate limit answers too: a 429 either way.
      const { login } = await signInThroughIdp(ctx, owner.email, `Wrong guess ${attempt}`, undefined, {
        remoteAddress: '198.51.100.66',
      });
      statuses.add(login.statusCode);
    }
    expect([...statuses].sort()).toEqual([401, 429]);
    const again = await signInThroughIdp(ctx, owner.email, owner.password, undefined, {
      remoteAddress: '203.0.113.10',
      deviceCookie: device,
    });
    expect(again.login.statusCode).toBe(200);
    expect(again.tokens?.access_token).toBeTruthy();
    // The same device on another network (a phone moving) is still the owner's.
    const elsewhere = await signInThroughIdp(ctx, owner.email, owner.password, undefined, {
      remoteAddress: nextAddress(),
      deviceCookie: device,
    });
    expect(elsewhere.tokens?.access_token).toBeTruthy();
    // A cookie of another account, or one tampered with, counts for nothing.
    const forged = device.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    const refused = await signInThroughIdp(ctx, owner.email, owner.password, undefined, {
      remoteAddress: '198.51.100.66',
      deviceCookie: forged,
    });
    expect(refused.login.statusCode).toBe(429);
  });

  it('makes one client wait longer after each failure, saying how long in Retry-After', async () => {
    const owner = await account('Waiting Wren');
    const from = nextAddress();
    const attempt = (password: string) =>
      signInThroughIdp(ctx, owner.email, password, undefined, { remoteAddress: from }).then((r) => r.login);
    for (let failure = 1; failure <= 4; failure++) {
      expect((await attempt('Not my password')).statusCode).toBe(401);
    }
    const fifth = await attempt('Not my password');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.headers['retry-after']).toBe('60');
    expect(problemOf(fifth)).toMatchObject({ type: identityProblemTypes.locked, retryAfterSeconds: 60 });
    // During the wait even the right password is not looked at.
    const early = await attempt(owner.password);
    expect(early.statusCode).toBe(429);
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(early.headers['retry-after'])).toBeLessThanOrEqual(60);

    const waits: number[] = [];
    for (let failure = 6; failure <= 8; failure++) {
      await pass(owner.email, MAX_DELAY_SECONDS);
      const answer = await attempt('Not my password');
      expect(answer.statusCode).toBe(429);
      waits.push(Number(answer.headers['retry-after']));
    }
    expect(waits).toEqual([120, 240, 480]);
    await pass(owner.email, MAX_DELAY_SECONDS);
    for (let failure = 9; failure <= 12; failure++) await attempt('Not my password');
    const capped = await attempt('Not my password');
    expect(Number(capped.headers['retry-after'])).toBeLessThanOrEqual(MAX_DELAY_SECONDS);
    // Once the wait is over, the right password signs in, and the count starts again.
    await pass(owner.email, MAX_DELAY_SECONDS);
    const signedIn = await signInThroughIdp(ctx, owner.email, owner.password, undefined, { remoteAddress: from });
    expect(signedIn.tokens?.access_token).toBeTruthy();
    expect((await attempt('Not my password')).statusCode).toBe(401);
  });

  it('counts clients without the device cookie in one pool per account, the same for an unknown email', async () => {
    const owner = await account('Pooled Pat');
    const device = await ownersDevice(owner, nextAddress());
    const spray = async (email: string) => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt++) {
        const { login } = await signInThroughIdp(ctx, email, 'Sprayed guess 1', undefined, {
          remoteAddress: nextAddress(),
        });
        statuses.push(login.statusCode);
      }
      return statuses;
    };
    const known = await spray(owner.email);
    const unknown = await spray('nobody.at.all@example.gov');
    expect(known).toEqual([...Array<number>(9).fill(401), 429, 429]);
    expect(unknown).toEqual(known);
    // A new client, even with the right password, waits for the pool ...
    const newClient = await signInThroughIdp(ctx, owner.email, owner.password, undefined, {
      remoteAddress: nextAddress(),
    });
    expect(newClient.login.statusCode).toBe(429);
    // ... the owner's device does not.
    const owners = await signInThroughIdp(ctx, owner.email, owner.password, undefined, {
      remoteAddress: nextAddress(),
      deviceCookie: device,
    });
    expect(owners.tokens?.access_token).toBeTruthy();
  });

  it('cannot lock a staff account: its holder signs in, and no wait passes the cap', async () => {
    const staff = await account('Staff Sam');
    const idp = (await ctx.app.repositories.accounts.findByEmail(staff.email))!;
    const user = await ctx.app.repositories.users.resolve({
      issuer: BUILT_IN_ISSUER_KEY,
      subject: idp.id,
      email: staff.email,
      name: staff.name,
    });
    await ctx.app.repositories.users.changeRole(
      { action: 'grant', userId: user.id, role: 'service-worker', counties: ['Polk'] },
      { id: null, label: 'test' },
    );
    const device = await ownersDevice(staff, nextAddress());
    const retryAfter: number[] = [];
    for (let attempt = 0; attempt < 50; attempt++) {
      const { login } = await signInThroughIdp(ctx, staff.email, `Attack ${attempt}`, undefined, {
        remoteAddress: nextAddress(),
      });
      if (login.statusCode === 429) retryAfter.push(Number(login.headers['retry-after']));
    }
    expect(retryAfter.length).toBeGreaterThan(0);
    expect(Math.max(...retryAfter)).toBeLessThanOrEqual(MAX_DELAY_SECONDS);
    const holder = await signInThroughIdp(ctx, staff.email, staff.password, undefined, {
      remoteAddress: nextAddress(),
      deviceCookie: device,
    });
    expect(holder.tokens?.access_token).toBeTruthy();
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/User/me',
      headers: { authorization: `Bearer ${holder.tokens!.access_token}` },
    });
    expect(me.json<{ roles: string[] }>().roles).toContain('service-worker');
  });
});

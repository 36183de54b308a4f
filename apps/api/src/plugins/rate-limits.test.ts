import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';

/** Small limits, so each case needs only a few requests. */
const LIMITS = { signIn: 3, register: 2, passwordReset: 2, search: 4 };

const CASES = [
  ['sign-in', 'POST', '/idp/interaction/some-uid/login', { email: 'a@example.gov', password: 'whatever-1234' }, 3],
  ['registration', 'POST', '/idp/account/register', { name: 'A', email: 'a@example.gov', password: 'x' }, 2],
  ['forgotten password', 'POST', '/idp/account/forgot-password', { email: 'a@example.gov' }, 2],
  ['password reset', 'POST', '/idp/account/reset-password', { token: 'nope', password: 'Another-Long-Pass-9' }, 2],
  ['email confirmation', 'POST', '/idp/account/confirm', { token: 'nope' }, 3],
  ['provider search', 'POST', '/api/Providers', { providerBusinessName: 'Oak' }, 4],
] as const;

let ctx: TestContext;
beforeAll(async () => {
  const defaults = (await import('../env')).loadConfig();
  ctx = await createTestApp({ rateLimits: { ...defaults.rateLimits, ...LIMITS, redisUrl: undefined } });
});
afterAll(async () => {
  await ctx.close();
});

let address = 0;
describe('rate limits', () => {
  it.each(CASES)(
    '%s answers 429 with Retry-After and problem+json past its limit',
    async (_name, method, url, payload, max) => {
      const remoteAddress = `203.0.113.${++address}`;
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= max; attempt++) {
        const answer = await ctx.app.inject({ method, url, payload, remoteAddress });
        statuses.push(answer.statusCode);
        // Within the limit, no count goes out: only a refusal says what the limit is.
        if (answer.statusCode !== 429) expect(answer.headers['x-ratelimit-remaining']).toBeUndefined();
      }
      expect(statuses.slice(0, max)).not.toContain(429);
      const refused = await ctx.app.inject({ method, url, payload, remoteAddress });
      expect(statuses[max]).toBe(429);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(Number(refused.headers['x-ratelimit-limit'])).toBe(max);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(refused.json()).toMatchObject({ status: 429, detail: expect.stringMatching(/Too many requests/) });
      // Another address still gets through.
      const other = await ctx.app.inject({ method, url, payload, remoteAddress: `198.18.0.${address}` });
      expect(other.statusCode).not.toBe(429);
    },
  );

  it('uses the defaults of the configuration when nothing is set', async () => {
    const { loadConfig } = await import('../env');
    expect(loadConfig({}).rateLimits).toEqual({
      integration: 120,
      signIn: 30,
      register: 10,
      passwordReset: 5,
      search: 120,
    });
    expect(loadConfig({ RATE_LIMIT_SEARCH: '600', REDIS_URL: 'redis://127.0.0.1:6379' }).rateLimits).toMatchObject({
      search: 600,
      redisUrl: 'redis://127.0.0.1:6379',
    });
    expect(() => loadConfig({ RATE_LIMIT_SIGN_IN: '0' })).toThrow(/RATE_LIMIT_SIGN_IN/);
    expect(() => loadConfig({ REDIS_URL: 'http://x' })).toThrow(/REDIS_URL/);
  });
});

const REDIS_SERVER = '/usr/bin/redis-server';
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

describe.skipIf(!fs.existsSync(REDIS_SERVER))('rate limits shared through Redis (REDIS_URL)', () => {
  let redis: ChildProcess;
  let redisUrl: string;
  beforeAll(async () => {
    const port = await freePort();
    redis = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
    redisUrl = `redis://127.0.0.1:${port}`;
    for (let attempt = 0; attempt < 50; attempt++) {
      const up = await new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.end();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      });
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('redis-server did not start');
  });
  afterAll(() => {
    redis?.kill('SIGTERM');
  });

  it('two instances count together, and a Redis outage lets requests through', async () => {
    const defaults = (await import('../env')).loadConfig();
    const rateLimits = { ...defaults.rateLimits, ...LIMITS, redisUrl };
    const one = await createTestApp({ rateLimits });
    const two = await createTestApp({ rateLimits });
    try {
      const search = (app: TestContext) =>
        app.app.inject({
          method: 'POST',
          url: '/api/Providers',
          payload: { providerBusinessName: 'Oak' },
          remoteAddress: '192.0.2.77',
        });
      const statuses = [];
      for (let attempt = 0; attempt < LIMITS.search; attempt++)
        statuses.push((await search(attempt % 2 ? one : two)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200]);
      const refused = await search(one);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await search(two)).statusCode).toBe(429);

      redis.kill('SIGKILL');
      await new Promise((resolve) => redis.once('exit', resolve));
      expect((await search(one)).statusCode).toBe(200);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../application-fixture';
import { loadConfig } from '../../src/env';
import { createTestApp, createRuntimeTestDatabase, type TestContext } from '../helpers';
import { createUser, type TestUser } from '../identity';
import { startTcpProxy } from './tcp-proxy';

/**
 * PostgreSQL goes away under load: a TCP proxy between the API and the server is cut for a
 * few seconds while four clients keep saving drafts. Every failed request is a quick 503
 * problem+json with Retry-After, the process keeps serving, saves succeed again within five
 * seconds of the database coming back, and every acknowledged save is in the database with
 * its content. PostgreSQL only (DATABASE_URL); the embedded database lives in the process.
 */

const config = loadConfig();
const target = config.database.kind === 'postgres' ? new URL(config.database.url) : undefined;
if (!target) console.warn('database-outage: skipped, it needs PostgreSQL (DATABASE_URL)');

interface Attempt {
  status: number;
  contentType: string;
  retryAfter: string | undefined;
  ms: number;
  at: number;
}

describe.skipIf(!target)('PostgreSQL goes away during load', () => {
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let ctx: TestContext;
  let owner: TestUser;
  beforeAll(async () => {
    proxy = await startTcpProxy({ host: target!.hostname, port: Number(target!.port || 5432) });
    const viaProxy = new URL(target!.href);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const database = await createRuntimeTestDatabase({ url: viaProxy.href });
    ctx = await createTestApp({}, undefined, { database });
    owner = await createUser(ctx, 'Outage Owner');
  });
  afterAll(async () => {
    await proxy?.restore().catch(() => undefined);
    await ctx?.close();
    await proxy?.close();
  });

  const save = (body: { id?: number; version?: number; applicationJson: string }) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/Application/save-my-draft-applications',
      headers: owner.headers,
      payload: body,
    });

  it('answers 503 fast, stays up, recovers within 5 s and loses no acknowledged save', async () => {
    const clients = await Promise.all(
      [0, 1, 2, 3].map(async (client) => {
        const created = await save({ applicationJson: JSON.stringify(completeApplication()) });
        expect(created.statusCode).toBe(200);
        const { id, version, applicationJson } = created.json<{
          id: number;
          version: number;
          applicationJson: string;
        }>();
        return { client, id, version, acknowledged: applicationJson, unacknowledged: [] as string[], saves: 0 };
      }),
    );
    const attempts: Attempt[] = [];
    let running = true;
    const t0 = performance.now();

    const work = async (state: (typeof clients)[number]) => {
      while (running) {
        const draft = completeApplication();
        draft.providerInfo!.businessName = `client ${state.client} save ${++state.saves}`;
        const applicationJson = JSON.stringify(draft);
        const started = performance.now();
        const response = await save({ id: state.id, version: state.version, applicationJson });
        attempts.push({
          status: response.statusCode,
          contentType: String(response.headers['content-type']),
          retryAfter: response.headers['retry-after'],
          ms: performance.now() - started,
          at: performance.now() - t0,
        });
        if (response.statusCode === 200) {
          state.version = response.json<{ version: number }>().version;
          state.acknowledged = applicationJson;
          state.unacknowledged = [];
        } else if (response.statusCode === 409) {
          // An unacknowledged save did land: continue from the draft's current version.
          const mine = await ctx.app.inject({
            method: 'POST',
            url: '/api/Application/get-my-draft-applications',
            headers: owner.headers,
          });
          state.version = mine.json<{ id: number; version: number }[]>().find((d) => d.id === state.id)!.version;
        } else {
          state.unacknowledged.push(applicationJson);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };
    const load = Promise.all(clients.map(work));

    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const cutAt = performance.now() - t0;
    await proxy.cut();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ database: { status: 'down' } });

    await proxy.restore();
    const restoredAt = performance.now() - t0;
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    running = false;
    await load;

    const failures = attempts.filter((attempt) => attempt.status !== 200 && attempt.status !== 409);
    const during = attempts.filter((attempt) => attempt.at > cutAt + 200 && attempt.at < restoredAt);
    expect(during.length).toBeGreaterThan(0);
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) {
      expect(failure.status).toBe(503);
      expect(failure.contentType).toMatch(/^application\/problem\+json/);
      expect(failure.retryAfter).toBe('5');
    }
    // Fast: no failed request waited for a connection that would never come.
    expect(Math.max(...failures.map((failure) => failure.ms))).toBeLessThan(3_000);
    const firstSuccessAfter = attempts.find((attempt) => attempt.status === 200 && attempt.at > restoredAt);
    expect(firstSuccessAfter, 'no save succeeded after the database came back').toBeDefined();
    expect(firstSuccessAfter!.at - restoredAt).toBeLessThan(5_000);
    expect(attempts.filter((attempt) => attempt.status === 200 && attempt.at < cutAt).length).toBeGreaterThan(0);

    // Nothing acknowledged was lost: each draft holds its last acknowledged save, or a later one
    // whose answer was lost in the cut.
    const stored = await ctx.app.inject({
      method: 'POST',
      url: '/api/Application/get-my-draft-applications',
      headers: owner.headers,
    });
    const drafts = stored.json<{ id: number; applicationJson: string; version: number }[]>();
    for (const state of clients) {
      const draft = drafts.find((candidate) => candidate.id === state.id)!;
      expect([state.acknowledged, ...state.unacknowledged]).toContain(draft.applicationJson);
      expect(draft.version).toBeGreaterThanOrEqual(state.version);
    }
    console.info(
      `database-outage: ${attempts.length} saves, ${failures.length} answered 503 ` +
        `(slowest ${Math.round(Math.max(...failures.map((f) => f.ms)))} ms), ` +
        `first success ${Math.round(firstSuccessAfter!.at - restoredAt)} ms after the database returned`,
    );
  });
});

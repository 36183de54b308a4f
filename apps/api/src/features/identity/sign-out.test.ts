import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/database';
import { loadConfig } from '../../env';
import { RUNTIME_ROLE } from '../../db/roles';
import { createRuntimeTestDatabase, createTestApp, type TestContext } from '../../../test/helpers';
import { registerAndConfirm, signInThroughIdp } from '../../../test/identity';
import { GRANT_CHECK_MS } from './token-verifier';

/**
 * Three API instances on one database, each with its own caches: on PostgreSQL three
 * connection pools to one schema, on PGlite three apps over the one embedded database (it
 * cannot be opened by two processes). A sign-out through one ends the access token on all three.
 */
describe('a sign-out ends the access token at once, on every instance (ADR 085)', () => {
  const instances: TestContext[] = [];
  const extraDatabases: Database[] = [];
  const account = { name: 'Sign Out', email: 'sign.out@example.gov', password: 'Cobalt-Harbour-Lantern-58' };

  beforeAll(async () => {
    const served = await createRuntimeTestDatabase();
    const database = served.runtime;
    const target = loadConfig().database;
    // Each instance its own pool, as the runtime role; on PGlite (one session) they share it.
    const shared = () => {
      if (!database.schema || target.kind !== 'postgres') return Promise.resolve(database);
      return openDatabase({
        kind: 'postgres',
        url: target.url,
        poolSize: 3,
        schema: database.schema,
        role: RUNTIME_ROLE,
      });
    };
    for (let index = 0; index < 3; index++) {
      const own = index === 0 ? database : await shared();
      if (own !== database) extraDatabases.push(own);
      instances.push(await createTestApp({}, undefined, { database: index === 0 ? served : own }));
    }
  }, 120_000);

  afterAll(async () => {
    for (const instance of instances.slice(1)) await instance.app.close();
    for (const extra of extraDatabases) await extra.close();
    await instances[0]?.close();
  });

  const me = (instance: TestContext, token: string) =>
    instance.app.inject({ method: 'GET', url: '/api/User/me', headers: { authorization: `Bearer ${token}` } });

  it('answers 401 on each of three instances within a second of signing out through one', async () => {
    const [first, second, third] = instances as [TestContext, TestContext, TestContext];
    await registerAndConfirm(first, account);
    const signedIn = await signInThroughIdp(first, account.email, account.password);
    const token = signedIn.tokens!.access_token;
    // Every instance has verified the token and looked at its grant: each has it in memory.
    for (const instance of instances) expect((await me(instance, token)).statusCode).toBe(200);

    // The web app's sign-out: the provider's confirmation form, posted back, through another instance.
    const start = await second.app.inject({
      method: 'GET',
      url: '/idp/session/end?client_id=ccap-web',
      headers: { cookie: signedIn.cookies },
    });
    const xsrf = new URL(String(start.headers.location), 'http://localhost').searchParams.get('xsrf');
    expect(xsrf).toBeTruthy();
    const end = await third.app.inject({
      method: 'POST',
      url: '/idp/session/end/confirm',
      headers: { cookie: signedIn.cookies, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
    });
    expect(end.statusCode).toBe(303);
    const signedOutAt = Date.now();

    // No instance lets it in once its last look at the grant is a second old.
    await delay(Math.max(0, signedOutAt + GRANT_CHECK_MS + 20 - Date.now()));
    const answers = await Promise.all(instances.map((instance) => me(instance, token)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401]);
    expect(answers[0]?.headers['www-authenticate']).toContain('invalid_token');

    // A new sign-in works as before.
    const again = await signInThroughIdp(first, account.email, account.password);
    expect((await me(second, again.tokens!.access_token)).statusCode).toBe(200);
  }, 60_000);
});

import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig, TEST_DATA_KEY } from '../../env';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { registerAndConfirm, signInThroughIdp } from '../../../test/identity';

// A second portal instance's built-in provider stands in for an external IdP (Login.gov,
// Entra ID, Okta…): the portal under test knows it only by OIDC_ISSUER and OIDC_CLIENT_ID,
// and reaches its discovery and JWKS over real HTTP on loopback.
let idp: TestContext;
let portal: TestContext;
let idpUrl: string;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  idpUrl = `http://localhost:${port}`;
  const idpConfig = loadConfig({ PORT: String(port), DATABASE_URL: '' });
  idp = await createTestApp({ port, publicUrl: idpUrl, identity: idpConfig.identity });
  await idp.app.listen({ port, host: '127.0.0.1' });

  const portalConfig = loadConfig({
    OIDC_ISSUER: `${idpUrl}/idp`,
    OIDC_CLIENT_ID: 'ccap-web',
    OIDC_AUDIENCE: 'urn:ccap:api',
    DATA_KEY: TEST_DATA_KEY,
  });
  portal = await createTestApp({ identity: portalConfig.identity, demoAccounts: false, devMailView: false });
});
afterAll(async () => {
  await portal?.close();
  await idp?.close();
});

it('the portal trusts tokens from a configured external provider, and only them', async () => {
  const config = await portal.app.inject({ method: 'GET', url: '/api/Auth/config' });
  expect(config.json()).toMatchObject({ authority: `${idpUrl}/idp`, clientId: 'ccap-web', builtIn: false });
  // No built-in provider is mounted when an external one is configured.
  expect((await portal.app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' })).statusCode).toBe(
    404,
  );

  await registerAndConfirm(idp, { name: 'Ext Ernal', email: 'external@example.gov', password: 'Far away provider 1' });
  const { tokens } = await signInThroughIdp(idp, 'external@example.gov', 'Far away provider 1');
  expect(tokens?.access_token).toBeTruthy();

  const me = await portal.app.inject({
    method: 'GET',
    url: '/api/User/me',
    headers: { authorization: `Bearer ${tokens!.access_token}` },
  });
  expect(me.statusCode).toBe(200);
  expect(me.json()).toMatchObject({ email: 'external@example.gov', name: 'Ext Ernal', roles: ['applicant'] });

  // A staff member's sign-in through the external provider is audited on their first call.
  const userId = me.json<{ id: string }>().id;
  await portal.app.repositories.users.changeRole(
    { action: 'grant', userId, role: 'administrator', counties: [] },
    { id: null, label: 'test' },
  );
  for (let round = 0; round < 2; round++) {
    const queue = await portal.app.inject({
      method: 'GET',
      url: '/api/Staff/applications',
      headers: { authorization: `Bearer ${tokens!.access_token}` },
    });
    expect(queue.statusCode).toBe(200);
  }
  const signIns = (await portal.app.repositories.audit.forEntity('user', userId)).filter(
    (row) => row.action === 'staff.signed-in',
  );
  expect(signIns).toEqual([
    expect.objectContaining({
      actor_label: 'external@example.gov',
      after: expect.objectContaining({ issuer: `${idpUrl}/idp`, basis: 'token', roles: ['administrator'] }),
    }),
  ]);

  // A token the portal's own (unused) keys would sign is not from the configured issuer.
  const tampered = tokens!.access_token.slice(0, -4) + 'AAAA';
  const rejected = await portal.app.inject({
    method: 'GET',
    url: '/api/User/me',
    headers: { authorization: `Bearer ${tampered}` },
  });
  expect(rejected.statusCode).toBe(401);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import {
  assertChromium,
  BASE_URL,
  CHROMIUM_PATH,
  DISABLED_FEATURES,
  E2E_PORT,
  EXTERNAL_IDP_URL,
  IS_CI,
  IS_WORKER,
  JSON_REPORT,
  LOG_DIR,
  RELYING_PORTAL_URL,
} from './support/env';

assertChromium();
// Build once, before the servers below start side by side from the same build (in the
// runner only: a worker rebuilding under running servers would swap assets mid-test).
if (!IS_WORKER)
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../scripts/start.mjs'), 'build'], {
    stdio: 'inherit',
  });

// Every run starts the real built product on fresh, empty data folders. Each server's log (its
// standard output) goes to a file of the run, at the most talkative level: the global teardown
// finds no secret in any line of it.
const dataDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `ccap-e2e-${name}-`));
const server = (name: string, url: string, env: Record<string, string>) => ({
  command: `exec node ../apps/api/dist/server.js >> '${path.join(LOG_DIR, `${name}.log`)}'`,
  url: `${url}/api/health`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
  // The embedded default (PGlite, built-in provider), whatever DATABASE_URL the API tests use.
  // No map tiles: no request leaves loopback, and the search works without them.
  // The whole suite signs in and searches from one loopback address, far faster than a person:
  // production's per-address limits would throttle it (the API tests cover the limits themselves).
  env: {
    LOG_LEVEL: 'trace',
    NODE_ENV: 'production',
    DATABASE_URL: '',
    TILE_URL: '',
    RATE_LIMIT_SIGN_IN: '1000',
    RATE_LIMIT_REGISTER: '1000',
    RATE_LIMIT_RESET: '1000',
    RATE_LIMIT_SEARCH: '1000',
    ...env,
  },
});

export default defineConfig({
  testDir: './tests',
  globalTeardown: './support/secrets-in-logs.ts',
  fullyParallel: true,
  forbidOnly: IS_CI,
  retries: IS_CI ? 1 : 0,
  workers: 2,
  // A 2-core CI machine runs two workers and three servers: room for the slower moments.
  timeout: 60_000,
  // An assertion after a sign-in or a sign-up spans redirects and a whole load of the app: on a
  // machine with a slow Chromium, 5 s (Playwright's default) ran out while the page was still
  // loading its data (the staff story's dashboard, in CI).
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ...(JSON_REPORT ? [['json'] as const] : []),
    ...(IS_CI ? [['html', { open: 'never' }] as const] : []),
  ],
  use: {
    baseURL: BASE_URL,
    // Recording a trace of every test (to keep the failures' only) made the suite about a third
    // slower; a failing test is retried once in CI, and that retry records its trace. Locally:
    // `npx playwright test -c e2e --trace on`.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--disable-features=${DISABLED_FEATURES.join(',')}`,
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    // A two-minute idle lock, so the idle tests travel less far in time than the 15-minute
    // access token lives (a token renewal with the page clock far ahead would fail its checks).
    server('portal', BASE_URL, {
      PORT: String(E2E_PORT),
      DATA_DIR: dataDir('portal'),
      IDLE_TIMEOUT_SECONDS: '120',
      IDLE_WARNING_SECONDS: '60',
    }),
    server('external-idp', EXTERNAL_IDP_URL, {
      PORT: String(E2E_PORT + 1),
      DATA_DIR: dataDir('external-idp'),
      DEMO_DIRECTORY: 'false',
      IDP_CLIENT_ORIGINS: RELYING_PORTAL_URL,
    }),
    server('relying-portal', RELYING_PORTAL_URL, {
      PORT: String(E2E_PORT + 2),
      DATA_DIR: dataDir('relying-portal'),
      DEMO_DIRECTORY: 'false',
      OIDC_ISSUER: `${EXTERNAL_IDP_URL}/idp`,
      OIDC_CLIENT_ID: 'ccap-web',
      OIDC_AUDIENCE: 'urn:ccap:api',
      // Not the embedded default (another identity provider): its data key is configured.
      DATA_KEY: Buffer.alloc(32, 5).toString('base64'),
    }),
  ],
});

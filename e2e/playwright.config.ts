import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { assertChromium, BASE_URL, CHROMIUM_PATH, E2E_PORT, IS_CI, JSON_REPORT } from './support/env';

assertChromium();

// Every run starts the real built product on a fresh, empty data folder.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccap-e2e-'));

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: IS_CI,
  retries: IS_CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  reporter: [
    ['list'],
    ...(JSON_REPORT ? [['json'] as const] : []),
    ...(IS_CI ? [['html', { open: 'never' }] as const] : []),
  ],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
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
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node ../scripts/start.mjs',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: { PORT: String(E2E_PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
  },
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where the browser tests find Chromium and the app; the only env reads of the e2e suite. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://localhost:${E2E_PORT}`;
/** A second portal whose built-in provider stands in for an external IdP, and a portal using it. */
export const EXTERNAL_IDP_URL = `http://localhost:${E2E_PORT + 1}`;
export const RELYING_PORTAL_URL = `http://localhost:${E2E_PORT + 2}`;
export const IS_CI = Boolean(process.env.CI);

export function assertChromium() {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}. Install it with "sudo apt-get install chromium" ` +
        '(Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium or Chrome binary.',
    );
  }
}
export const JSON_REPORT = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;
/** Set in Playwright's worker processes, which load this config too but must not rebuild. */
export const IS_WORKER = process.env.TEST_WORKER_INDEX !== undefined;
/**
 * Where the three servers write their logs for the whole run, one file each (the global teardown
 * looks through them for secrets): made once by the runner, which loads the configuration first,
 * and inherited by its workers.
 */
export const LOG_DIR = (process.env.E2E_LOG_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'ccap-e2e-logs-')));

/**
 * Chromium 156 gives every browser context a hidden renderer of its own for the browser's WebUI
 * omnibox popup (about 150 MB each, and CPU as each test's context opens): browser chrome that a
 * headless test never shows. Chromium reads only the last `--disable-features`, so this list
 * repeats Playwright's own (its launch arguments, Playwright 1.65) before adding the popup's two
 * features; the worker fixture in fixtures.ts fails if the launched browser's command line shows
 * Playwright disabling a feature this list does not.
 */
export const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

// `npm test`: everything CI checks, in the order a failure is cheapest to find: lint,
// typecheck, unit and API tests (PGlite, and PostgreSQL when DATABASE_URL is set), the
// production build, then the browser tests against the built app in Chromium.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runAllOrExit, runOrExit } from './lib.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(
    `Chromium is needed for the browser tests and was not found at ${chromium}.\n` +
      'Install it with "sudo apt-get install chromium" (Debian/Ubuntu), or set CHROMIUM_PATH.',
  );
  process.exit(1);
}

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'ccap-test-'));
const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');

// Lint and typecheck are single-threaded and independent: side by side on the two cores.
await runAllOrExit([
  { label: 'lint', command: 'npm', args: ['run', 'lint', '--silent'] },
  { label: 'typecheck', command: 'npm', args: ['run', 'typecheck', '--silent'] },
]);
console.log(
  process.env.DATABASE_URL
    ? 'API tests run on PGlite and on PostgreSQL (DATABASE_URL).'
    : 'API tests run on PGlite; set DATABASE_URL to run them on PostgreSQL too.',
);
await runOrExit('unit, web and API tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
await runOrExit('build', 'npm', ['run', 'build', '--silent']);
await runOrExit('browser tests', 'npx', ['playwright', 'test', '-c', 'e2e'], {
  env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
});

const vitest = JSON.parse(fs.readFileSync(vitestReport, 'utf8'));
const playwright = JSON.parse(fs.readFileSync(playwrightReport, 'utf8'));
const e2ePassed = (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
const e2eFailed = playwright.stats.unexpected ?? 0;
const passed = vitest.numPassedTests + e2ePassed;
const failed = vitest.numFailedTests + e2eFailed;
const skipped = vitest.numPendingTests + (playwright.stats.skipped ?? 0);
console.log(`\nunit and API: ${vitest.numPassedTests} passed; browser: ${e2ePassed} passed`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
fs.rmSync(reports, { recursive: true, force: true });
process.exit(failed > 0 || passed === 0 ? 1 : 0);

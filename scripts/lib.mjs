// Small helpers shared by the root scripts (start, test, bench): run a command, and
// decide whether a build is older than its sources.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command with inherited stdio; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function runOrExit(label, command, args, options) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const code = await run(command, args, options);
  if (code !== 0) {
    console.error(`\n✖ ${label} failed (exit ${code})`);
    process.exit(code);
  }
  console.log(`✔ ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/**
 * Runs independent steps side by side (each is one process and mostly one core: the CI machine
 * has two) and exits with the first failure's code once all have ended, so every failure is shown.
 */
export async function runAllOrExit(steps) {
  const started = Date.now();
  console.log(`\n▶ ${steps.map((step) => step.label).join(' + ')} (side by side)`);
  const codes = await Promise.all(
    steps.map(async ({ label, command, args, options }) => {
      const code = await run(command, args, options);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code === 0) console.log(`✔ ${label} (${seconds} s)`);
      else console.error(`\n✖ ${label} failed (exit ${code})`);
      return code;
    }),
  );
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
}

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** True when `output` is missing or any of `sources` changed after it was written. */
export function isStale(output, sources) {
  const outputPath = path.join(root, output);
  if (!fs.existsSync(outputPath)) return true;
  const built = fs.statSync(outputPath).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

export const WEB_OUTPUT = 'apps/web/dist/index.html';
export const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
];
export const API_OUTPUT = 'apps/api/dist/server.js';
export const API_SOURCES = ['apps/api/src', 'apps/api/build.mjs', 'packages/contracts/src'];

/** Builds the web app and the API when their output is missing or older than the sources. */
export async function buildIfStale() {
  if (isStale(WEB_OUTPUT, WEB_SOURCES)) await runOrExit('build web app', 'npm', ['run', 'build', '-w', '@ccap/web']);
  if (isStale(API_OUTPUT, API_SOURCES)) await runOrExit('build API', 'npm', ['run', 'build', '-w', '@ccap/api']);
}

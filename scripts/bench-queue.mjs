// The staff queue's answer times with 50,000 applications (issue #9's target: under 100 ms p95).
// The API runs in a child process (apps/api/test/bench-queue.ts) that seeds the rows and times
// itself through inject; printed, never asserted.
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

const TARGET_MS = 100;

export async function benchQueue() {
  const output = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/test/bench-queue.ts', '50000', '40'], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`bench-queue exited with ${code}`))));
  });
  const line = output
    .split('\n')
    .reverse()
    .find((entry) => entry.startsWith('{'));
  const report = JSON.parse(line);
  const part = `Staff queue ${report.applications / 1000}k (${report.backend})`;
  return report.results.map((result) => ({
    part,
    measure: result.label,
    value: `p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms`,
    target: `p95 < ${TARGET_MS} ms`,
    ok: result.p95 < TARGET_MS,
  }));
}

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
  console.log(
    `\nStaff queue (GET /api/Staff/applications) with ${report.applications.toLocaleString('en-US')} applications on ${report.backend}, ${report.rounds} calls each`,
  );
  console.log('query'.padEnd(36), 'p50'.padStart(10), 'p95'.padStart(10), '  target');
  for (const result of report.results) {
    const verdict = result.p95 < TARGET_MS ? `under ${TARGET_MS} ms p95 ✔` : `over ${TARGET_MS} ms p95 ✖`;
    console.log(
      result.label.padEnd(36),
      `${result.p50.toFixed(1)} ms`.padStart(10),
      `${result.p95.toFixed(1)} ms`.padStart(10),
      ` ${verdict}`,
    );
  }
}

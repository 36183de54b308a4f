// `npm run bench [-- part…]`: measures the product and prints ONE table, every figure taken in
// this run on this machine, with its baseline and target beside it. Parts (all by default):
//   web      gzipped JS and CSS of each route's first load; Lighthouse on /, /ProviderSearch, a wizard step
//   api      requests/s and p99 of API calls on PostgreSQL, as a ratio to a bare Fastify `select 1` server
//   startup  built product to a healthy /api/health, on PGlite and PostgreSQL
//   uploads  memory the API spends on one 15 MB upload
//   search   provider search latency at 100,000 (and 1,000,000) providers, repository call
//   queue    the staff queue with 50,000 applications
//   export   an export of 50,000 applications to XLSX: time and peak memory
// A benchmark informs: it does not fail on a slow machine (exit 0 unless a part crashed).
// PostgreSQL is BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); each
// part that uses it works in a database (or, for the search, a schema) of its own, dropped after.
import path from 'node:path';
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { benchApi } from './bench-api.mjs';
import { benchExport } from './bench-export.mjs';
import { benchQueue } from './bench-queue.mjs';
import { benchStartup } from './bench-startup.mjs';
import { benchUploads } from './bench-uploads.mjs';
import { firstLoadRows, lighthouseRows } from './bench-web.mjs';
import { buildIfStale, root } from './lib.mjs';

/** Provider search on each backend, in a child process per backend (apps/api/dist/bench-providers.js). */
async function benchSearch() {
  const sizesOf = (value) => value.split(',').filter(Boolean);
  // PGlite loads a million rows in well over ten minutes here: by default it measures 100,000.
  const sizes = {
    postgres: sizesOf(process.env.BENCH_PROVIDER_SIZES ?? '100000,1000000'),
    pglite: sizesOf(process.env.BENCH_PROVIDER_SIZES_PGLITE ?? process.env.BENCH_PROVIDER_SIZES ?? '100000'),
  };
  const rows = [];
  for (const backend of ['postgres', 'pglite']) {
    const child = spawn(
      process.execPath,
      // --expose-gc: the child collects the garbage of its own bulk load before it times (ADR 054).
      ['--expose-gc', path.join(root, 'apps/api/dist/bench-providers.js'), backend, ...sizes[backend]],
      {
        env: { ...process.env, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    for await (const line of readline.createInterface({ input: child.stdout })) {
      if (!line.startsWith('{')) continue;
      const report = JSON.parse(line);
      for (const result of report.results) {
        rows.push({
          part: `Search ${report.size.toLocaleString('en-US')} (${backend})`,
          measure: result.label,
          value: `p50 ${result.p50.toFixed(2)} ms, p95 ${result.p95.toFixed(2)} ms`,
          target: backend === 'postgres' && report.size === 100_000 ? `p95 < ${result.target} ms` : '',
          ok: backend === 'postgres' && report.size === 100_000 ? result.p95 < result.target : undefined,
        });
      }
    }
    const code = await new Promise((resolve) =>
      child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve),
    );
    if (code !== 0) {
      rows.push({
        part: `Search (${backend})`,
        measure: '',
        value: `not measured: ${stderr.trim().split('\n').pop()}`,
      });
    }
  }
  return rows;
}

const PARTS = {
  web: async () => [...firstLoadRows(), ...(await lighthouseRows())],
  api: benchApi,
  startup: benchStartup,
  uploads: benchUploads,
  search: benchSearch,
  queue: benchQueue,
  export: benchExport,
};

const asked = process.argv.slice(2);
const unknown = asked.filter((part) => !(part in PARTS));
if (unknown.length > 0) {
  console.error(`Unknown part ${unknown.join(', ')}. Parts: ${Object.keys(PARTS).join(' ')}`);
  process.exit(2);
}
const selected = asked.length > 0 ? Object.keys(PARTS).filter((part) => asked.includes(part)) : Object.keys(PARTS);

await buildIfStale();

const rows = [];
let crashed = false;
for (const part of selected) {
  const started = Date.now();
  process.stderr.write(`▶ ${part}… `);
  try {
    rows.push(...(await PARTS[part]()));
    process.stderr.write(`${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  } catch (error) {
    crashed = true;
    process.stderr.write('failed\n');
    rows.push({ part, measure: '', value: `failed: ${error instanceof Error ? error.message : String(error)}` });
  }
}

const columns = [
  ['Part', (row) => row.part],
  ['Measure', (row) => row.measure ?? ''],
  ['Value', (row) => row.value ?? ''],
  ['Ratio', (row) => row.ratio ?? ''],
  ['Target', (row) => row.target ?? ''],
  ['', (row) => (row.ok === undefined ? '' : row.ok ? '✔' : '✖')],
];
const cells = rows.map((row) => columns.map(([, pick]) => String(pick(row))));
const widths = columns.map(([title], index) => Math.max(title.length, ...cells.map((line) => line[index].length)));
const line = (values) =>
  values
    .map((value, index) => value.padEnd(widths[index]))
    .join('  ')
    .trimEnd();
const { cpus, loadavg } = await import('node:os');
console.log(
  `\nnpm run bench — ${new Date().toISOString()}, Node ${process.versions.node}, ${cpus().length} CPUs, load ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`,
);
console.log(line(columns.map(([title]) => title)));
console.log(line(widths.map((width) => '─'.repeat(width))));
for (const values of cells) console.log(line(values));
process.exitCode = crashed ? 1 : 0;

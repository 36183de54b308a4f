// `npm run bench`: prints the product's figures. Targets are printed beside them; a
// benchmark informs, it does not fail the build on a slow machine.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { benchQueue } from './bench-queue.mjs';
import { benchUploads } from './bench-uploads.mjs';
import { buildIfStale, root } from './lib.mjs';

await buildIfStale();

const dist = path.join(root, 'apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

/** Every file a chunk needs before it runs: itself and its static imports, recursively. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

function weigh(keys) {
  let js = 0;
  let css = 0;
  const files = new Set();
  for (const key of keys) {
    const chunk = manifest[key];
    files.add(chunk.file);
    for (const sheet of chunk.css ?? []) files.add(sheet);
  }
  for (const file of files) {
    const size = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
    if (file.endsWith('.css')) css += size;
    else js += size;
  }
  return { js, css };
}

const entry = closure('index.html');
const routes = [['home (/)', 'src/features/home/home-page.tsx']];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

console.log('\nFirst load per route, gzipped (entry + route chunk and their static imports)');
console.log('route'.padEnd(24), 'JavaScript'.padStart(12), 'CSS'.padStart(10), '  target');
for (const [label, source] of routes) {
  const keys = closure(source, new Set(entry));
  const { js, css } = weigh(keys);
  const verdict = js < 150 * 1024 ? 'under 150 KB JS ✔' : 'over 150 KB JS ✖';
  console.log(label.padEnd(24), kb(js).padStart(12), kb(css).padStart(10), ` ${verdict}`);
}

await benchUploads();
// Provider search latency (issue 8) on PGlite and PostgreSQL: BENCH_PROVIDER_SIZES (default
// 100000,1000000) generated providers each, in a throw-away database; PostgreSQL is skipped
// when BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) does not answer.
const { spawnSync } = await import('node:child_process');
const sizesOf = (value) => value.split(',').filter(Boolean);
// PGlite (one process, in memory) loads a million rows in well over ten minutes here: by
// default it measures 100,000; BENCH_PROVIDER_SIZES_PGLITE=100000,1000000 asks for both.
const sizes = {
  postgres: sizesOf(process.env.BENCH_PROVIDER_SIZES ?? '100000,1000000'),
  pglite: sizesOf(process.env.BENCH_PROVIDER_SIZES_PGLITE ?? process.env.BENCH_PROVIDER_SIZES ?? '100000'),
};
console.log('\nProvider search, p50 and p95 of 200 runs after 20 warm-up runs (repository call, no HTTP)');
for (const backend of ['postgres', 'pglite']) {
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'apps/api/dist/bench-providers.js'), backend, ...sizes[backend]],
    {
      stdio: ['ignore', 'inherit', 'pipe'],
      env: { ...process.env, LOG_LEVEL: 'warn' },
    },
  );
  if (result.status !== 0) {
    const reason = result.stderr.toString().trim().split('\n').pop();
    console.log(`${backend.padEnd(9)} not measured: ${reason}`);
  }
}
await benchQueue();

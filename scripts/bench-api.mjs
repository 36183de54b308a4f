// API throughput: autocannon against the built product on PostgreSQL (a database of its own on
// BENCH_DATABASE_URL, dropped after) and against a bare Fastify server started here that answers
// one PostgreSQL `select 1` a call, taking turns, with the same connections and duration. That
// server is the ceiling of a call making one database round trip; the ratio to it is what holds
// on a noisy machine, and what the targets are. The bare server's "hello" (no database) is a
// reference row.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import {
  completeApplication,
  createPostgresDatabase,
  postgresAnswers,
  registerAccount,
  signIn,
  startProduct,
  submitApplication,
  BENCH_DATABASE_URL,
} from './bench-support.mjs';
import { root } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 10);
/** Seconds each case runs, once, before any is measured: a server that has been up a while. */
const WARM_UP = Number(process.env.BENCH_API_WARM_UP ?? 6);
/** Each case and the bare server take turns, SECONDS in all each, in this many rounds. */
const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 5);
const BARE_PORT = 8250;
const API_PORT = 8251;

function run(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { connections: CONNECTIONS, duration: SECONDS, pipelining: 1, timeout: 10, ...options },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('error', reject);
  });
}

const summary = (result) => ({
  requests: result.requests.total,
  seconds: result.duration,
  p99: result.latency.p99,
  errors: result.errors + result.timeouts + result.non2xx,
});

/** A measured case as the table shows it: requests per second, p99, and errors if any. */
const throughput = ({ rps, p99, errors }) =>
  `${Math.round(rps)} req/s, p99 ${p99} ms${errors ? `, ${errors} errors` : ''}`;

/** Requests per second and the worst p99 over several runs of one server. */
const combined = (runs) => ({
  rps: runs.reduce((sum, r) => sum + r.requests, 0) / runs.reduce((sum, r) => sum + r.seconds, 0),
  p99: Math.max(...runs.map((r) => r.p99)),
  errors: runs.reduce((sum, r) => sum + r.errors, 0),
});

/**
 * One case beside a baseline: a short warm-up, then ROUNDS rounds of the baseline for
 * SECONDS / ROUNDS seconds and the case for as long, one right after the other.
 * This machine's speed drifts by a quarter within a minute (the bare server alone: 15,500 to
 * 23,800 req/s, 40 to 62 µs of CPU a call, in six 5-second runs in a row): measured in turns,
 * both servers meet the same drift, and the ratio holds where two 10-second runs would not.
 */
async function measureBeside(bareOptions, options) {
  await run({ ...options, duration: 2 });
  const bare = [];
  const product = [];
  const seconds = Math.max(1, Math.round(SECONDS / ROUNDS));
  for (let round = 0; round < ROUNDS; round += 1) {
    bare.push(summary(await run({ ...bareOptions, duration: seconds })));
    product.push(summary(await run({ ...options, duration: seconds })));
  }
  return { bare: combined(bare), result: combined(product) };
}

async function startBare(databaseUrl) {
  const script = path.join(root, 'scripts/bench-bare-server.mjs');
  const child = spawn(process.execPath, [script, String(BARE_PORT), databaseUrl], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for await (const line of readline.createInterface({ input: child.stdout })) if (line === 'listening') break;
  return child;
}

// Each request from a client address of its own (the product runs with TRUST_PROXY): per-client
// rate limits then measure their cost without throttling the bench, as with many real people.
let clients = 0;
const distinctClient = () => {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
};

// What Chromium sends with every fetch: the bench calls as the web app does.
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

const SEARCHES = [
  { zipCode: '50010' },
  { providerBusinessName: 'Sunshyne' },
  { city: 'Des Moines' },
  { zipCode: '50309', acceptsChildrenWithSpecialNeeds: true },
];

export async function benchApi() {
  const rows = [];
  if (!(await postgresAnswers())) {
    rows.push({ part: 'API', measure: 'throughput', value: `not measured: no PostgreSQL at ${BENCH_DATABASE_URL}` });
    return rows;
  }
  const database = await createPostgresDatabase('bench');
  const bare = await startBare(database.url);
  const hello = { url: `http://127.0.0.1:${BARE_PORT}/`, headers: BROWSER };
  const selectOne = { url: `http://127.0.0.1:${BARE_PORT}/db`, headers: BROWSER };
  const productEnv = {
    DATABASE_URL: database.url,
    DEMO_DIRECTORY: 'true',
    TRUST_PROXY: 'true',
    DATABASE_POOL_SIZE: '10',
  };
  const product = await startProduct({ port: API_PORT, env: productEnv }).catch(async (error) => {
    bare.kill('SIGTERM');
    await database.drop();
    throw error;
  });
  try {
    const base = product.base;
    const db = await database.client();
    const account = {
      name: 'Bench Applicant',
      email: 'bench.applicant@example.gov',
      password: 'Lilacs bloom in May 2026',
    };
    await registerAccount(base, db, account, '10.255.0.1');
    await db.end();
    const token = await signIn(base, account, '10.255.0.1');
    await submitApplication(base, token);
    const auth = { ...BROWSER, authorization: `Bearer ${token}` };
    const draftJson = JSON.stringify({ ...completeApplication('Bench Draft'), conditions: undefined });
    /** Drafts saved and not being saved again right now: { id, version } as last answered. */
    const drafts = [];

    /** [label, autocannon options, target ratio to the `select 1` server or undefined]. */
    const cases = [
      ['GET /api/health', { url: `${base}/api/health`, headers: BROWSER }, undefined],
      ['GET /api/Dashboard/get-dashboard', { url: `${base}/api/Dashboard/get-dashboard`, headers: auth }, 0.25],
      [
        'POST /api/Providers (search)',
        {
          url: base,
          requests: [
            {
              method: 'POST',
              path: '/api/Providers',
              setupRequest: (request) => ({
                ...request,
                headers: { ...BROWSER, 'content-type': 'application/json', 'x-forwarded-for': distinctClient() },
                body: JSON.stringify(SEARCHES[clients % SEARCHES.length]),
              }),
            },
          ],
        },
        0.15,
      ],
      [
        'POST …/save-my-draft-applications',
        {
          url: base,
          // Each connection saves a draft over and over, as a wizard does after each step: the
          // version each save answers is the one the next save of that draft sends. autocannon
          // resets a connection's `context` after every pass over `requests` (so keeping the
          // draft there made every call create a new one): the drafts wait in `drafts` instead,
          // one per connection at most, since a connection has one call in flight. autocannon
          // hands `onResponse` the body as text, so these calls take it uncompressed.
          requests: [
            {
              method: 'POST',
              path: '/api/Application/save-my-draft-applications',
              setupRequest: (request) => {
                const draft = drafts.pop();
                return {
                  ...request,
                  headers: { ...auth, 'accept-encoding': 'identity', 'content-type': 'application/json' },
                  body: JSON.stringify(
                    draft
                      ? { id: draft.id, version: draft.version, applicationJson: draftJson }
                      : { applicationJson: draftJson },
                  ),
                };
              },
              onResponse: (status, body) => {
                if (status !== 200) return;
                const saved = JSON.parse(body);
                drafts.push({ id: saved.id, version: saved.version });
              },
            },
          ],
        },
        0.2,
      ],
    ];
    // A product that has just started runs its code paths unoptimized, and V8 optimizes them
    // over the first several seconds of calls. A served process lives for days, so every case,
    // and the bare server, first runs WARM_UP seconds unmeasured.
    await run({ ...hello, duration: WARM_UP });
    await run({ ...selectOne, duration: WARM_UP });
    for (const [, options] of cases) await run({ ...options, duration: WARM_UP });

    // The reference rows: the `select 1` server beside its own "hello".
    const { bare: helloRuns, result: ceiling } = await measureBeside(hello, selectOne);
    rows.push({
      part: 'API',
      measure: 'bare Fastify "hello" (reference)',
      value: throughput(helloRuns),
      ok: helloRuns.errors > 0 ? false : undefined,
    });
    rows.push({
      part: 'API',
      measure: 'bare Fastify + one PostgreSQL `select 1` (pool of 10): the ceiling, 1.00',
      value: `${throughput(ceiling)}; ${(ceiling.rps / helloRuns.rps).toFixed(2)} of "hello"`,
      ratio: '1.00',
      ok: ceiling.errors > 0 ? false : undefined,
    });
    // Each case takes turns with the `select 1` server (both stay up, one idle while the other
    // runs): each ratio compares runs seconds apart, whatever else the machine is doing.
    for (const [label, options, target] of cases) {
      const { bare: baseline, result } = await measureBeside(selectOne, options);
      const ratio = result.rps / baseline.rps;
      rows.push({
        part: 'API',
        measure: label,
        value: throughput(result),
        ratio: ratio.toFixed(2),
        target: target === undefined ? '' : `≥ ${target.toFixed(2)} of select 1`,
        ok: result.errors > 0 ? false : target === undefined ? undefined : ratio >= target,
      });
    }
  } finally {
    bare.kill('SIGTERM');
    await product.stop();
    await database.drop();
  }
  rows.push({
    part: 'API',
    measure: `(${CONNECTIONS} connections; ${SECONDS} s a case in ${ROUNDS} turns with the select 1 server, after ${WARM_UP} s unmeasured; PostgreSQL)`,
    value: '',
  });
  return rows;
}

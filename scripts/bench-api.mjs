// API throughput (issue #11): autocannon against the built product on PostgreSQL (a database of
// its own on BENCH_DATABASE_URL, dropped after) and against a bare Fastify "hello" server
// started here, one after the other, with the same connections and duration. The ratio to
// the bare server is what holds on a noisy machine.
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

/** A short warm-up (JIT, pool, caches), then the measured run. */
async function measure(options) {
  await run({ ...options, duration: 2 });
  const result = await run(options);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
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
  const measureBare = () => measure({ url: `http://127.0.0.1:${BARE_PORT}/` });
  const productEnv = {
    DATABASE_URL: database.url,
    DEMO_DIRECTORY: 'true',
    TRUST_PROXY: 'true',
    DATABASE_POOL_SIZE: '10',
  };
  let product = await startProduct({ port: API_PORT, env: productEnv }).catch(async (error) => {
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
    const auth = { authorization: `Bearer ${token}` };
    const draftJson = JSON.stringify({ ...completeApplication('Bench Draft'), conditions: undefined });
    /** Drafts saved and not being saved again right now: { id, version } as last answered. */
    const drafts = [];

    const cases = [
      ['GET /api/health', { url: `${base}/api/health` }, undefined],
      // Not one of the issue's four: a public answer the process holds in memory (ADR 048), so
      // what every call pays before any work of its own (headers, log line, metrics, hooks).
      ['GET /api/Program/get-profile (from memory: the floor)', { url: `${base}/api/Program/get-profile` }, undefined],
      ['GET /api/Dashboard/get-dashboard', { url: `${base}/api/Dashboard/get-dashboard`, headers: auth }, 0.35],
      [
        'POST …/save-my-draft-applications',
        {
          url: base,
          // Each connection saves a draft over and over, as a wizard does after each step: the
          // version each save answers is the one the next save of that draft sends. autocannon
          // resets a connection's `context` after every pass over `requests` (so keeping the
          // draft there made every call create a new one): the drafts wait in `drafts` instead,
          // one per connection at most, since a connection has one call in flight.
          requests: [
            {
              method: 'POST',
              path: '/api/Application/save-my-draft-applications',
              setupRequest: (request) => {
                const draft = drafts.pop();
                return {
                  ...request,
                  headers: { ...auth, 'content-type': 'application/json' },
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
        undefined,
      ],
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
                headers: { 'content-type': 'application/json', 'x-forwarded-for': distinctClient() },
                body: JSON.stringify(SEARCHES[clients % SEARCHES.length]),
              }),
            },
          ],
        },
        0.25,
      ],
    ];
    // The bare server is measured again right before each case (both stay up, one idle while
    // the other runs): each ratio compares two runs a few seconds apart, whatever else the
    // machine is doing.
    const baselines = [];
    for (const [label, options, target] of cases) {
      const baseline = await measureBare();
      baselines.push(baseline);
      const result = await measure(options);
      const ratio = result.rps / baseline.rps;
      rows.push({
        part: 'API',
        measure: label,
        value: `${Math.round(result.rps)} req/s, p99 ${result.p99} ms${result.errors ? `, ${result.errors} errors` : ''}`,
        ratio: ratio.toFixed(2),
        target: target === undefined ? '' : `≥ ${target.toFixed(2)} of bare`,
        ok: result.errors > 0 ? false : target === undefined ? undefined : ratio >= target,
      });
    }
    // The same dashboard and searches with the read cache off (ADR 047): what the database
    // path costs, since the cases above are answered from memory after their first call.
    await product.stop();
    product = await startProduct({ port: API_PORT, env: { ...productEnv, READ_CACHE: 'off' } });
    for (const [label, options] of cases.filter(([, , target]) => target !== undefined)) {
      const baseline = await measureBare();
      baselines.push(baseline);
      const result = await measure(options);
      rows.push({
        part: 'API',
        measure: `${label}, READ_CACHE=off`,
        value: `${Math.round(result.rps)} req/s, p99 ${result.p99} ms${result.errors ? `, ${result.errors} errors` : ''}`,
        ratio: (result.rps / baseline.rps).toFixed(2),
        ok: result.errors > 0 ? false : undefined,
      });
    }
    // Not a target: how much of the gap one database round trip explains by itself.
    const roundTrip = await measure({ url: `http://127.0.0.1:${BARE_PORT}/db` });
    const meanBare = baselines.reduce((sum, baseline) => sum + baseline.rps, 0) / baselines.length;
    rows.unshift({
      part: 'API',
      measure: 'bare Fastify + one PostgreSQL `select 1` (pool of 10; reference)',
      value: `${Math.round(roundTrip.rps)} req/s, p99 ${roundTrip.p99} ms${roundTrip.errors ? `, ${roundTrip.errors} errors` : ''}`,
      ratio: (roundTrip.rps / meanBare).toFixed(2),
      ok: roundTrip.errors > 0 ? false : undefined,
    });
    const rps = baselines.map((baseline) => Math.round(baseline.rps)).sort((a, b) => a - b);
    rows.unshift({
      part: 'API',
      measure: `bare Fastify "hello" (baseline, ${baselines.length} runs)`,
      value: `${rps[0]}–${rps.at(-1)} req/s, p99 ≤ ${Math.max(...baselines.map((baseline) => baseline.p99))} ms`,
      ratio: '1.00',
      ok: baselines.some((baseline) => baseline.errors > 0) ? false : undefined,
    });
  } finally {
    bare.kill('SIGTERM');
    await product.stop();
    await database.drop();
  }
  rows.push({
    part: 'API',
    measure: `(${CONNECTIONS} connections, ${SECONDS} s after 2 s warm-up, PostgreSQL; READ_CACHE=on unless said)`,
    value: '',
  });
  return rows;
}

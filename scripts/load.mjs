// `npm run load`: LOAD_USERS (200) simulated people use the built product on PostgreSQL at once
// for LOAD_SECONDS (120). Each signs in once through the built-in OpenID Provider (a real
// token: authorization code with PKCE, password checked), submits an application, then, until
// the time is up, does a mix of dashboard views, draft saves, document uploads and provider
// searches with LOAD_THINK_MS (1000) of thinking between them (±50 %). Afterwards it checks that
// every acknowledged draft save is there (its version in the database, its content read back
// through the API, which opens the sealed answers), and every acknowledged upload with its
// file's digest in the database. It prints errors and latency per
// operation against the targets (0 errors; p95 under 1.5 s to sign in, under 300 ms for every
// operation after); exit 1 on any error or lost write.
// The accounts: one registered and confirmed through the provider's API, the others created
// with the same password hash in SQL (a real hash, made once; 200 registrations would only
// measure scrypt). The server trusts X-Forwarded-For (TRUST_PROXY): each person sends one
// address of their own, as behind a load balancer, so per-client limits apply per person.
import { createHash } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import {
  BENCH_DATABASE_URL,
  call,
  completeApplication,
  createPostgresDatabase,
  percentile,
  postgresAnswers,
  registerAccount,
  signIn,
  sleep,
  startProduct,
  submitApplication,
} from './bench-support.mjs';
import { buildIfStale } from './lib.mjs';

const USERS = Number(process.env.LOAD_USERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 120);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 1000);
const PORT = Number(process.env.LOAD_PORT ?? 8255);
const PASSWORD = 'Lilacs bloom in May 2026';
/** p95 targets, ms: signing in checks a password (scrypt, slow on purpose); the rest is the portal's own. */
const P95_TARGET_MS = { 'sign in': 1500, other: 300 };
const MIX = [
  ['dashboard', 40],
  ['draft save', 30],
  ['search', 20],
  ['upload', 10],
];
const SEARCHES = [
  { zipCode: '50010' },
  { providerBusinessName: 'Sunshyne' },
  { city: 'Des Moines' },
  { zipCode: '50309', acceptsChildrenWithSpecialNeeds: true },
  { providerBusinessName: 'Little', zipCode: '52240' },
];

if (!(await postgresAnswers())) {
  console.error(`npm run load needs PostgreSQL: nothing answers at ${BENCH_DATABASE_URL} (set BENCH_DATABASE_URL).`);
  process.exit(1);
}
await buildIfStale();

const stats = new Map();
const record = (operation, ms, ok, detail) => {
  const entry = stats.get(operation) ?? { times: [], errors: 0, details: new Map() };
  entry.times.push(ms);
  if (!ok) {
    entry.errors += 1;
    entry.details.set(detail, (entry.details.get(detail) ?? 0) + 1);
  }
  stats.set(operation, entry);
};
async function timed(operation, run, isOk = (result) => result.status >= 200 && result.status < 300) {
  const started = performance.now();
  try {
    const result = await run();
    const ok = isOk(result);
    record(operation, performance.now() - started, ok, ok ? '' : `HTTP ${result.status}`);
    return ok ? result : undefined;
  } catch (error) {
    record(operation, performance.now() - started, false, error.cause?.code ?? error.name ?? 'error');
    return undefined;
  }
}

/** A small PDF unique to this upload: its digest is checked in the database afterwards. */
function pdf(label) {
  const body = Buffer.alloc(20 * 1024, 0x20);
  body.write(`%PDF-1.7\n% ${label}\n`, 0);
  body.write('\n%%EOF\n', body.length - 7);
  return body;
}

async function upload(base, person, documentId) {
  const bytes = pdf(`${person.email} ${documentId} ${Date.now()} ${Math.random()}`);
  const boundary = `----load${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="licence.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const response = await fetch(`${base}/api/Application/${person.applicationId}/documents/${documentId}/file`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${person.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-forwarded-for': person.ip,
    },
    body: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    signal: AbortSignal.timeout(30_000),
  });
  await response.arrayBuffer();
  return { status: response.status, sha256: createHash('sha256').update(bytes).digest('hex') };
}

const pick = () => {
  let roll = Math.random() * 100;
  for (const [operation, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return operation;
  }
  return MIX[0][0];
};

const database = await createPostgresDatabase('load');
let product;
let exitCode = 0;
try {
  product = await startProduct({
    port: PORT,
    env: { DATABASE_URL: database.url, DEMO_DIRECTORY: 'true', TRUST_PROXY: 'true', LOG_LEVEL: 'warn' },
  });
  const { base } = product;
  const db = await database.client();

  // Accounts.
  const people = Array.from({ length: USERS }, (_, index) => ({
    email: `load.${index + 1}@example.gov`,
    name: `Load Person ${index + 1}`,
    ip: `10.${((index + 1) >> 16) & 255}.${((index + 1) >> 8) & 255}.${(index + 1) & 255}`,
  }));
  await registerAccount(base, db, { name: people[0].name, email: people[0].email, password: PASSWORD }, people[0].ip);
  await db.query(
    `insert into idp_account (email, name, password_hash, email_verified_at)
     select 'load.' || g || '@example.gov', 'Load Person ' || g, a.password_hash, now()
     from generate_series(2, $1::int) g, idp_account a where a.email = $2`,
    [USERS, people[0].email],
  );

  // Everyone signs in (8 at a time: scrypt is meant to be slow) and submits an application.
  const setupStarted = performance.now();
  const queue = [...people];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let person = queue.shift(); person; person = queue.shift()) {
        const signedIn = await timed('sign in', async () => ({
          status: 200,
          token: await signIn(base, { email: person.email, password: PASSWORD }, person.ip),
        }));
        if (!signedIn) continue;
        person.token = signedIn.token;
        person.applicationId = await submitApplication(base, person.token);
        const documents = await call(base, person.token, 'GET', `/api/Application/${person.applicationId}/documents`);
        person.documentIds = documents.body.map((document) => document.documentId);
      }
    }),
  );
  const ready = people.filter((person) => person.token);
  console.error(
    `${ready.length} of ${USERS} signed in and submitted in ${((performance.now() - setupStarted) / 1000).toFixed(0)} s`,
  );

  // The mix, until the time is up.
  const until = performance.now() + SECONDS * 1000;
  let sequence = 0;
  const acknowledgedUploads = [];
  await Promise.all(
    ready.map(async (person) => {
      await sleep(Math.random() * THINK_MS);
      while (performance.now() < until) {
        const operation = pick();
        if (operation === 'dashboard') {
          await timed('dashboard', () =>
            call(base, person.token, 'GET', '/api/Dashboard/get-dashboard', undefined, person.ip),
          );
        } else if (operation === 'search') {
          const criteria = SEARCHES[Math.floor(Math.random() * SEARCHES.length)];
          await timed('search', () => call(base, person.token, 'POST', '/api/Providers', criteria, person.ip));
        } else if (operation === 'draft save') {
          sequence += 1;
          const application = completeApplication(`Load ${person.email} save ${sequence}`);
          delete application.conditions;
          const applicationJson = JSON.stringify(application);
          const body = person.draft
            ? { id: person.draft.id, version: person.draft.version, applicationJson }
            : { applicationJson };
          const saved = await timed('draft save', () =>
            call(base, person.token, 'POST', '/api/Application/save-my-draft-applications', body, person.ip),
          );
          if (saved) person.draft = { id: saved.body.id, version: saved.body.version, applicationJson };
        } else {
          const documentId = person.documentIds[Math.floor(Math.random() * person.documentIds.length)];
          const uploaded = await timed('upload', () => upload(base, person, documentId));
          if (uploaded)
            acknowledgedUploads.push({ person, documentId, sha256: uploaded.sha256, at: performance.now() });
        }
        await sleep(THINK_MS * (0.5 + Math.random()));
      }
    }),
  );

  // Every acknowledged write is in the database: each person's draft at the version last
  // acknowledged, and (read back through the API, which opens its sealed answers) the same content.
  const drafts = ready.filter((person) => person.draft);
  const { rows: draftRows } = await db.query('select id, version from draft_application where id = any($1)', [
    drafts.map((person) => person.draft.id),
  ]);
  const versions = new Map(draftRows.map((row) => [Number(row.id), row.version])); // bigint ids come back as strings
  const lostDrafts = [];
  for (const person of drafts) {
    const listed = await call(base, person.token, 'POST', '/api/Application/get-my-draft-applications', {}, person.ip);
    const draft = listed.status === 200 ? listed.body.find((row) => row.id === person.draft.id) : undefined;
    const same =
      draft &&
      versions.get(person.draft.id) === person.draft.version &&
      draft.version === person.draft.version &&
      isDeepStrictEqual(JSON.parse(draft.applicationJson), JSON.parse(person.draft.applicationJson));
    if (!same) lostDrafts.push(person);
  }
  // The last acknowledged upload of each document is the file it holds now.
  const lastUpload = new Map();
  for (const entry of acknowledgedUploads) lastUpload.set(`${entry.person.applicationId}/${entry.documentId}`, entry);
  const { rows: documentRows } = await db.query(
    'select id, application_id, sha256 from application_document where id = any($1)',
    [[...lastUpload.values()].map((entry) => entry.documentId)],
  );
  const documents = new Map(documentRows.map((row) => [`${row.application_id}/${row.id}`, row]));
  const lostUploads = [...lastUpload.entries()].filter(([key, entry]) => documents.get(key)?.sha256 !== entry.sha256);
  await db.end();

  // Report.
  const operations = ['sign in', ...MIX.map(([operation]) => operation)];
  const total =
    operations.reduce((sum, operation) => sum + (stats.get(operation)?.times.length ?? 0), 0) -
    (stats.get('sign in')?.times.length ?? 0);
  console.log(
    `\nnpm run load — ${new Date().toISOString()}: ${ready.length} people for ${SECONDS} s on PostgreSQL, think time ${THINK_MS} ms ±50 %, ${cpus().length} CPUs, load ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
  const header = ['Operation', 'Requests', 'Errors', 'p50', 'p95', 'p99', 'max', 'Target', ''];
  const lines = operations.map((operation) => {
    const entry = stats.get(operation) ?? { times: [], errors: 0, details: new Map() };
    const times = [...entry.times].sort((a, b) => a - b);
    const ms = (value) => (Number.isNaN(value) ? '—' : `${value.toFixed(0)} ms`);
    const details = [...entry.details].map(([detail, count]) => `${detail} ×${count}`).join(', ');
    const target = P95_TARGET_MS[operation] ?? P95_TARGET_MS.other;
    const p95 = percentile(times, 95);
    return [
      operation,
      String(times.length),
      entry.errors ? `${entry.errors} (${details})` : '0',
      ms(percentile(times, 50)),
      ms(p95),
      ms(percentile(times, 99)),
      ms(times.at(-1) ?? NaN),
      `0 errors, p95 < ${target} ms`,
      entry.errors === 0 && p95 < target ? '✔' : '✖',
    ];
  });
  lines.push(['all mixed', String(total), '', '', '', '', '', `${(total / SECONDS).toFixed(0)} req/s`, '']);
  lines.push([
    'drafts verified',
    String(drafts.length),
    String(lostDrafts.length),
    '',
    '',
    '',
    '',
    'last acknowledged content and version in the database',
    lostDrafts.length === 0 ? '✔' : '✖',
  ]);
  lines.push([
    'uploads verified',
    String(lastUpload.size),
    String(lostUploads.length),
    '',
    '',
    '',
    '',
    "each document holds its last acknowledged file's SHA-256",
    lostUploads.length === 0 ? '✔' : '✖',
  ]);
  const widths = header.map((title, index) => Math.max(title.length, ...lines.map((line) => line[index].length)));
  const format = (values) =>
    values
      .map((value, index) => value.padEnd(widths[index]))
      .join('  ')
      .trimEnd();
  console.log(format(header));
  console.log(format(widths.map((width) => '─'.repeat(width))));
  for (const line of lines) console.log(format(line));
  const errors = [...stats.values()].reduce((sum, entry) => sum + entry.errors, 0);
  if (errors > 0 || lostDrafts.length > 0 || lostUploads.length > 0 || ready.length < USERS) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await product?.stop();
  await database.drop();
}
process.exit(exitCode);

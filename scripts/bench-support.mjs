// Shared by `npm run bench` and `npm run load`: start the built product on a port, give it a
// PostgreSQL schema of its own, create accounts through the built-in OpenID Provider's own API
// and sign them in as the browser does (authorization code with PKCE), for real tokens.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { root } from './lib.mjs';

export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const EXTENSIONS = ['pg_trgm', 'btree_gin', 'unaccent', 'citext', 'fuzzystrmatch'];

/**
 * A throw-away database on the bench's PostgreSQL server, dropped after: the product runs in
 * it exactly as in production (its `public` schema). A database rather than a schema: the
 * migrator looks for its bookkeeping tables in every schema, and test runs on the same server
 * keep schemas of their own.
 */
export async function createPostgresDatabase(prefix = 'bench') {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BENCH_DATABASE_URL, connectionTimeoutMillis: 3_000 });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(BENCH_DATABASE_URL);
  url.pathname = `/${name}`;
  const client = async () => {
    const connection = new pg.Client({ connectionString: url.toString() });
    await connection.connect();
    return connection;
  };
  const setup = await client();
  try {
    for (const extension of EXTENSIONS) await setup.query(`create extension if not exists ${extension} schema public`);
  } finally {
    await setup.end();
  }
  return {
    name,
    url: url.toString(),
    /** A client on that database, for checks the API does not offer. */
    client,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: BENCH_DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

/** True when the bench's PostgreSQL server answers. */
export async function postgresAnswers() {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls /api/health until it answers 200; resolves with the milliseconds it took. */
export async function waitHealthy(base, started, child, timeoutMs = 180_000) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${child.stderrText?.()}`);
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1_000) });
      if (response.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs) throw new Error(`${base} was not healthy after ${timeoutMs} ms`);
    await sleep(25);
  }
}

/**
 * Starts the built product (`node apps/api/dist/server.js`, what `npm start` runs) on a port,
 * on a fresh data folder unless `dataDir` is given; resolves once /api/health answers 200.
 */
export async function startProduct({ port, env = {}, dataDir }) {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ccap-bench-data-'));
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dir,
      DATABASE_URL: '',
      TILE_URL: '',
      LOG_LEVEL: 'info',
      // A measurement's own key-encryption key: on PostgreSQL the product requires one.
      DATA_KEY: Buffer.alloc(32, 3).toString('base64'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  child.stderrText = () => stderr.trim();
  const startupMs = await waitHealthy(base, started, child);
  return {
    base,
    child,
    dataDir: dir,
    startupMs,
    /** SIGTERM, as a supervisor stops it; resolves on exit. */
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(force);
      }
      if (!keepData && !dataDir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

class CookieJar {
  cookies = new Map();
  store(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      if (index > 0) this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1));
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const pathOf = (url) => {
  const parsed = new URL(url, 'http://localhost');
  return parsed.pathname + parsed.search;
};

/**
 * Signs in through the built-in provider as the web app does: authorization request with
 * PKCE, the sign-in form's call, the redirects back, the code exchange. `ip` is sent as
 * X-Forwarded-For (the server runs with TRUST_PROXY): each simulated person is a client of
 * its own, as behind a load balancer. Resolves with the access token.
 */
export async function signIn(base, { email, password }, ip) {
  const jar = new CookieJar();
  const headers = () => ({ cookie: jar.header(), ...(ip ? { 'x-forwarded-for': ip } : {}) });
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${base}/login/callback`;
  const authorize = new URLSearchParams({
    client_id: 'ccap-web',
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: redirectUri,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
  });
  const start = await fetch(`${base}/idp/auth?${authorize}`, { redirect: 'manual', headers: headers() });
  jar.store(start);
  const uid = String(start.headers.get('location')).split('/').pop();
  const login = await fetch(`${base}/idp/interaction/${uid}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...headers(), 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`sign-in of ${email} answered ${login.status}: ${await login.text()}`);
  jar.store(login);
  let location = (await login.json()).redirectTo;
  for (let hop = 0; hop < 6 && !location.startsWith(redirectUri); hop++) {
    const next = await fetch(`${base}${pathOf(location)}`, { redirect: 'manual', headers: headers() });
    jar.store(next);
    location = String(next.headers.get('location'));
  }
  const code = new URL(location).searchParams.get('code');
  const token = await fetch(`${base}/idp/token`, {
    method: 'POST',
    headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: code ?? '',
      redirect_uri: redirectUri,
      client_id: 'ccap-web',
      code_verifier: verifier,
    }),
  });
  if (token.status !== 200) throw new Error(`token exchange for ${email} answered ${token.status}`);
  return (await token.json()).access_token;
}

/**
 * Registers an account through the provider's API and confirms it with the link it mailed
 * (read from the outbox with `db`, a pg client on the product's schema).
 */
export async function registerAccount(base, db, account, ip) {
  const forwarded = ip ? { 'x-forwarded-for': ip } : {};
  const registered = await fetch(`${base}/idp/account/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...forwarded },
    body: JSON.stringify(account),
  });
  if (registered.status !== 200) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  const { rows } = await db.query('select body_text from mail_outbox where to_address = $1 order by id desc limit 1', [
    account.email,
  ]);
  const link = rows[0]?.body_text.match(/https?:\/\/\S+/)?.[0];
  const token = link ? new URL(link).searchParams.get('token') : null;
  const confirmed = await fetch(`${base}/idp/account/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...forwarded },
    body: JSON.stringify({ token }),
  });
  if (confirmed.status !== 200) throw new Error(`confirm answered ${confirmed.status}`);
}

/** An API call with a bearer token; resolves with status and parsed body. */
export async function call(base, token, method, urlPath, body, ip) {
  const response = await fetch(`${base}${urlPath}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(ip ? { 'x-forwarded-for': ip } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, body: json, text };
}

const yearsAgo = (years) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
};

/** A complete registered-provider application (as apps/api/test/application-fixture.ts). */
export function completeApplication(businessName = 'Little Oaks Home Care') {
  const address = { address1: '120 Oak Street', city: 'Ames', state: 'IA', zipCode: '50010' };
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  return {
    providerType: 'registeredprovider',
    categoryTypes: {
      providerTypeCode: 'registered-cdh',
      categoryCode: 'cdh-b',
      agesServed: ['infant-toddler', 'preschool'],
      capacity: 8,
      preschoolChildren: 6,
      childrenUpTo24Months: 3,
      childrenUpTo12Months: 1,
      schoolAgeChildren: 2,
      qualityRating: 'none',
    },
    providerInfo: {
      firstName: 'Maria',
      lastName: 'Lopez',
      dateOfBirth: yearsAgo(38),
      phone: '(515) 555-0142',
      email: 'maria.lopez@example.gov',
      businessName,
      languageCodes: ['en', 'es'],
    },
    address: { careLocation: address, mailingSameAsCare: true, county: 'Story' },
    assistants: { members: [{ firstName: 'Ana', lastName: 'Lopez', dateOfBirth: yearsAgo(16) }] },
    children: {
      members: [
        {
          firstName: 'Leo',
          lastName: 'Lopez',
          dateOfBirth: yearsAgo(6),
          relationshipCode: 'child',
          specialNeeds: false,
        },
      ],
    },
    adults: {
      members: [{ firstName: 'Jon', lastName: 'Lopez', dateOfBirth: yearsAgo(40), relationshipCode: 'spouse' }],
      recordCheckConsent: true,
    },
    w9Info: {
      legalName: 'Maria Lopez',
      taxClassificationCode: 'individual',
      tinType: 'ssn',
      tin: '123-45-6789',
      address,
      certified: true,
    },
    ratesInfo: {
      rates: {
        'infant-toddler': { basic: 16.63, specialNeeds: 24.95 },
        preschool: { basic: 15, specialNeeds: 22.5 },
        'school-age': { basic: 15, specialNeeds: 22.5 },
      },
    },
    operationHoursInfo: {
      days: days.map((day) =>
        day === 'saturday' || day === 'sunday'
          ? { day, open: false }
          : { day, open: true, start: '07:00', end: '17:30' },
      ),
      eveningOvernightCare: false,
      weekendCare: false,
      transportation: true,
    },
    conditions: {
      accepted: true,
      listInDirectory: true,
      signature: { fullName: 'Maria Lopez', signedOn: new Date().toISOString().slice(0, 10) },
    },
  };
}

/** Saves a complete application as a draft and submits it; resolves with the application id. */
export async function submitApplication(base, token) {
  const application = completeApplication();
  const saved = await call(base, token, 'POST', '/api/Application/save-my-draft-applications', {
    applicationJson: JSON.stringify(application),
  });
  if (saved.status !== 200) throw new Error(`draft save answered ${saved.status}: ${saved.text}`);
  const submitted = await call(base, token, 'POST', '/api/Application', {
    draftApplicationId: saved.body.id,
    applicationJson: JSON.stringify(application),
  });
  if (submitted.status !== 201) throw new Error(`submit answered ${submitted.status}: ${submitted.text}`);
  return submitted.body.applicationId;
}

/** Percentile of sorted numbers. */
export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type ProgramProfile, programProfileSchema } from '@ccap/contracts';
import { type MigrationResultSet, Migrator } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../src/app';
import { type Database, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { grantRuntimeRole, RUNTIME_ROLE } from '../src/db/roles';
import { migrations } from '../src/db/migrations';
import { JOB_SCHEMA, prepareDatabase } from '../src/portal-database';
import { type Config, loadConfig } from '../src/env';
import type { LocaleSource } from '../src/features/application/pdf/labels';
import { loadProgramProfile } from '../src/features/program/program-profile';
import type { Clock } from '../src/lib/clock';

/** On PostgreSQL, `schema` is the schema this test file owns; undefined on PGlite. */
export type TestDatabase = Database;

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a schema of its
 * own on the PostgreSQL server named by DATABASE_URL (dropped again on close).
 */
export async function createTestDatabase(
  options: { migrate?: boolean; /** Another way to the same server (a test's proxy). */ url?: string } = {},
): Promise<TestDatabase> {
  const config = loadConfig();
  let database: Database;
  let schema: string | undefined;
  const target =
    config.database.kind === 'postgres' && options.url ? { ...config.database, url: options.url } : config.database;
  if (target.kind === 'postgres') {
    // The creation time in the name lets a later run sweep what a crashed run left (global setup).
    schema = `vitest_${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: target.url });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    await admin.end();
    database = await openDatabase({ kind: 'postgres', url: target.url, poolSize: 5, schema });
    const closePool = database.close.bind(database);
    database.close = async () => {
      await closePool();
      const cleanup = new pg.Client({ connectionString: target.url });
      await cleanup.connect();
      await cleanup.query(`drop schema if exists "${schema}" cascade`);
      await cleanup.end();
    };
    if (options.migrate ?? true) await migrateToLatest(database.db, { schema });
  } else {
    database = await openPgliteFromTemplate((options.migrate ?? true) ? 'migrated' : 'empty');
  }
  return database;
}

const templateBlobs = new Map<string, Promise<Blob>>();

/** The global setup's templates, or undefined outside Vitest (a benchmark script imports these helpers too). */
const injectedTemplates = () => {
  try {
    return { templates: inject('pgliteTemplates') };
  } catch {
    return undefined;
  }
};

/**
 * A PGlite (in memory unless `dataDir` names a folder) started from a data directory the global
 * setup made once: initdb and the migrations (the same migrateToLatest) ran there, not again in
 * every test file.
 */
export async function openPgliteFromTemplate(
  kind: 'empty' | 'migrated' | 'prepared',
  dataDir = 'memory://',
): Promise<Database> {
  const injected = injectedTemplates();
  if (!injected) {
    // The benchmarks (`npm run bench`: uploads, queue) use these helpers outside Vitest, where
    // no global setup made templates: initdb and the migrations run here, as they used to.
    const database = await openDatabase({ kind: 'pglite', dataDir });
    if (kind === 'migrated') await migrateToLatest(database.db);
    if (kind === 'prepared') await prepareDatabase(database, { runtimeRole: RUNTIME_ROLE, createRole: true });
    return database;
  }
  const { templates } = injected;
  if (!templates) throw new Error('The PGlite templates are made by the global setup of the PGlite project.');
  const file = templates[kind];
  let blob = templateBlobs.get(file);
  if (!blob) {
    blob = fs.readFile(file).then((bytes) => new Blob([bytes]));
    templateBlobs.set(file, blob);
  }
  return openDatabase({ kind: 'pglite', dataDir, template: await blob });
}

export const DEFAULT_PROFILE_PATH = path.resolve(import.meta.dirname, '../profiles/default.json');

export interface TestContext {
  app: App;
  /** The database as the app uses it: as the runtime role, with its grants only. */
  database: TestDatabase;
  /**
   * Runs `run` as the owner role, for what the portal itself may not do (change the audit trail,
   * read the migration bookkeeping, run a migration down): a fixture that needs it says so.
   */
  asOwner: <T>(run: (owner: TestDatabase) => Promise<T>) => Promise<T>;
  config: Config;
  profile: ProgramProfile;
  close(): Promise<void>;
}

/**
 * The whole API over a fresh database, driven with app.inject(); no port is opened. The app
 * serves as the runtime role, as in production (ADR 082), unless given a database of the
 * caller's. Document files go to a temporary folder of its own, removed on close.
 */
export async function createTestApp(
  overrides: Omit<Partial<Config>, 'documents'> & { documents?: Partial<Config['documents']> } = {},
  extend?: (app: App) => void | Promise<void>,
  options: {
    /** The caller's database, served as it is (the caller closes what it opened besides). */
    database?: TestDatabase | RuntimeTestDatabase;
    /** Another state's profile: the shipped default changed (and validated again, as at start-up). */
    profile?: (shipped: ProgramProfile) => ProgramProfile;
    /** Translations other than the portal's own. */
    locales?: LocaleSource;
    /** The program's clock (ADR 106): a test's own day. */
    clock?: Clock;
  } = {},
): Promise<TestContext> {
  const given = options.database;
  const runtime = given === undefined ? await createRuntimeTestDatabase() : 'runtime' in given ? given : undefined;
  const database = runtime?.runtime ?? (given as TestDatabase);
  const asOwner: TestContext['asOwner'] = runtime ? runtime.asOwner : (run) => run(database);
  const blobDir = overrides.documents?.blobDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'ccap-blobs-')));
  const defaults = loadConfig();
  const config: Config = {
    ...defaults,
    webDist: '/nonexistent',
    ...overrides,
    documents: { ...defaults.documents, blobDir, ...overrides.documents },
  };
  const shipped = await loadProgramProfile(DEFAULT_PROFILE_PATH);
  const profile = options.profile ? programProfileSchema.parse(options.profile(shipped)) : shipped;
  const app = await buildApp({
    config,
    profile,
    database,
    logger: false,
    locales: options.locales,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await extend?.(app);
  await app.ready();
  return {
    app,
    database,
    asOwner,
    config,
    profile,
    close: async () => {
      await app.close();
      await (runtime ?? database).close();
      if (!overrides.documents?.blobDir) await fs.rm(blobDir, { recursive: true, force: true });
    },
  };
}

/** A raw HTTP/1.1 exchange: `parts` written one after the other, `between` run after the first; the answer parsed. */
export async function rawExchange(port: number, parts: string[], between?: () => void) {
  const received = await new Promise<string>((resolve) => {
    let text = '';
    const socket = net.connect(port, '127.0.0.1', () => {
      void (async () => {
        for (const [index, part] of parts.entries()) {
          if (index > 0) await new Promise((wait) => setTimeout(wait, 150));
          if (!socket.writable) return;
          socket.write(part);
          if (index === 0) between?.();
        }
      })();
    });
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(text));
  });
  const [head = '', body = ''] = received.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, body };
}

/** A database whose close may be called again (a test app closes it, and so does its owner). */
function onceClosed(database: Database): Database {
  let closing: Promise<void> | undefined;
  const close = database.close.bind(database);
  database.close = () => (closing ??= close());
  return database;
}

/** A database as the portal serves it: the runtime role's handle, and the owner's on the side. */
export interface RuntimeTestDatabase {
  owner: TestDatabase;
  runtime: TestDatabase;
  jobSchema: string;
  asOwner: <T>(run: (owner: TestDatabase) => Promise<T>) => Promise<T>;
  close(): Promise<void>;
}

/**
 * A fresh database prepared as the portal prepares it (ADR 082): migrated, the job queue
 * installed, the runtime role granted, plus a handle that serves as that role. On PostgreSQL the
 * runtime handle is a pool whose connections take the role; on PGlite (one session) it is the same
 * handle, switched to the role, and `asOwner` switches back for the length of a call.
 */
export async function createRuntimeTestDatabase(
  options: { /** Another way to the same server (a test's proxy). */ url?: string } = {},
): Promise<RuntimeTestDatabase> {
  if (loadConfig().database.kind === 'pglite') {
    // The global setup's template is migrated and prepared already: only the role is taken here.
    const owner = onceClosed(await openPgliteFromTemplate('prepared'));
    await owner.assumeRole(RUNTIME_ROLE);
    return {
      owner,
      runtime: owner,
      jobSchema: JOB_SCHEMA,
      asOwner: async (run) => {
        await owner.pool.query('reset role');
        try {
          return await run(owner);
        } finally {
          await owner.pool.query(`set role ${RUNTIME_ROLE}`);
        }
      },
      close: () => owner.close(),
    };
  }
  const owner = onceClosed(await createTestDatabase(options));
  const jobSchema = `${owner.schema}_jobs`;
  await prepareDatabase(owner, { runtimeRole: RUNTIME_ROLE, createRole: true, jobSchema });
  const config = loadConfig().database;
  if (config.kind !== 'postgres') throw new Error('expected PostgreSQL');
  const runtime = onceClosed(
    await openDatabase({
      kind: 'postgres',
      url: options.url ?? config.url,
      poolSize: 5,
      schema: owner.schema!,
      role: RUNTIME_ROLE,
    }),
  );
  return {
    owner,
    runtime,
    jobSchema,
    asOwner: (run) => run(owner),
    close: async () => {
      await runtime.close();
      await owner.pool.query(`drop schema if exists "${jobSchema}" cascade`);
      await owner.close();
    },
  };
}

/**
 * The migrations driven one step at a time, as the owner runs them, for a test of a migration:
 * after each step the runtime role's grants are given again (as the portal's next start does),
 * so a table a step made again is the app's to use.
 */
export function ownerMigrator(ctx: TestContext) {
  const step = (run: (migrator: Migrator) => Promise<MigrationResultSet>) =>
    ctx.asOwner(async (owner) => {
      const migrator = new Migrator({
        db: owner.db,
        ...(owner.schema ? { migrationTableSchema: owner.schema } : {}),
        provider: { getMigrations: () => Promise.resolve(migrations) },
      });
      const result = await run(migrator);
      await grantRuntimeRole(owner.db, RUNTIME_ROLE);
      return result;
    });
  return {
    migrateTo: (name: string) => step((migrator) => migrator.migrateTo(name)),
    migrateToLatest: () => step((migrator) => migrator.migrateToLatest()),
  };
}

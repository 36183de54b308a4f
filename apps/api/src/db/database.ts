import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';
import { PortalPostgresDialect } from './catalog-introspector';

export type DatabaseTarget =
  | {
      kind: 'pglite';
      dataDir: string;
      /** A data directory to start from (a `dumpDataDir` tarball) instead of running initdb. */
      template?: Blob;
    }
  | {
      kind: 'postgres';
      url: string;
      poolSize: number;
      schema?: string;
      /** A role every connection takes at its start (`-c role=…`): the runtime role, logged in as the owner. */
      role?: string;
    };

/** The connection pool right now: open connections, idle ones, callers waiting, the ceiling. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

const statsOf = (pool: pg.Pool) => (): PoolStats => ({
  total: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
  max: pool.options.max ?? 10,
});

export interface Database {
  db: Kysely<DB>;
  /** The pool's connections (the /metrics gauges). */
  poolStats: () => PoolStats;
  backend: DatabaseTarget['kind'];
  /** The schema the portal's tables live in when not the default one (test isolation). */
  schema: string | undefined;
  /** The pool under `db`, for a library that speaks SQL itself (the job queue, ADR 040). */
  pool: pg.Pool;
  /**
   * PGlite only: the one session every pooled client shares takes this role from now on (the
   * runtime role, once the owner has migrated). PostgreSQL opens a pool of its own instead.
   */
  assumeRole(role: string): Promise<void>;
  /** Ends the pool and, for PGlite, closes the embedded database cleanly. */
  close(): Promise<void>;
}

/**
 * What every session starts with. pg_trgm's word similarity threshold is what the provider
 * search's `<%` reads (PostgreSQL's default, 0.6, misses common typos): set for the session,
 * a name search is one statement, not a transaction that sets it first.
 */
const SESSION_SETTINGS = [['pg_trgm.word_similarity_threshold', '0.45']] as const;

/** The extensions every migration may rely on, on both backends. */
export const REQUIRED_EXTENSIONS = ['pg_trgm', 'btree_gin', 'unaccent', 'citext', 'fuzzystrmatch'] as const;

// PostgreSQL's int8 and numeric come back as strings by default; counts and ids in this
// product fit comfortably in a JS number, and money is stored as integer cents.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/**
 * Opens the database: PGlite (PostgreSQL compiled to WASM, file-backed) by default, or a
 * PostgreSQL server. Both are reached through one `pg.Pool`, so every query, migration
 * and transaction takes the same code path on either backend.
 */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize,
      connectionTimeoutMillis: 5_000,
      options: [
        ...(target.schema ? [`-c search_path=${target.schema},public`] : []),
        ...(target.role ? [`-c role=${target.role}`] : []),
        ...SESSION_SETTINGS.map(([name, value]) => `-c ${name}=${value}`),
      ].join(' '),
    });
    // A client losing its server (restart, failover, network cut) must not crash the process:
    // the pool reports idle ones here; a checked-out one (between the queries of a transaction)
    // has no listener of the pool's, so each client gets its own. Its next query then fails
    // and the request is answered 503 (plugins/problem.ts); the pool drops the client on release.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<DB>({ dialect: new PortalPostgresDialect({ pool }) });
    return {
      db,
      poolStats: statsOf(pool),
      backend: 'postgres',
      schema: target.schema,
      pool,
      assumeRole: () => Promise.reject(new Error('A PostgreSQL pool takes its role when it connects (target.role).')),
      close: () => db.destroy(),
    };
  }

  if (!target.dataDir.startsWith('memory://')) {
    await fs.mkdir(target.dataDir, { recursive: true });
  }
  const pglite = await PGlite.create(target.dataDir, {
    extensions: { pg_trgm, btree_gin, unaccent, citext, fuzzystrmatch },
    ...(target.template ? { loadDataDir: target.template } : {}),
  });
  // PGlite is one session, which every pooled client shares.
  for (const [name, value] of SESSION_SETTINGS) await pglite.query('select set_config($1, $2, false)', [name, value]);
  const pool = new pg.Pool(createPgConfig(pglite));
  const db = new Kysely<DB>({ dialect: new PortalPostgresDialect({ pool }) });
  return {
    db,
    poolStats: statsOf(pool),
    backend: 'pglite',
    schema: undefined,
    pool,
    assumeRole: async (role) => {
      await pglite.query(`set role ${quoteIdentifier(role)}`);
    },
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}

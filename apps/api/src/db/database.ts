import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';
import { PortalPostgresDialect } from './catalog-introspector';
import { preparingPool } from './prepared-statements';
import { type ChangeFeed, pgliteChangeFeed, postgresChangeFeed } from './change-feed';

export type DatabaseTarget =
  | {
      kind: 'pglite';
      dataDir: string;
      /** A data directory to start from (a `dumpDataDir` tarball) instead of running initdb. */
      template?: Blob;
    }
  | { kind: 'postgres'; url: string; poolSize: number; schema?: string };

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
   * The database's change notifications (ADR 047), opened on first use (one listening
   * connection on PostgreSQL) and closed with the database.
   */
  changeFeed(): Promise<ChangeFeed>;
  /** Ends the pool and, for PGlite, closes the embedded database cleanly. */
  close(): Promise<void>;
}

/**
 * The schema the portal's tables are in, as the pool's search path finds them: migration
 * 0016's notifications name it (ADR 047).
 */
async function portalSchema(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ schema: string }>(
    `select coalesce((select n.nspname from pg_class c join pg_namespace n on n.oid = c.relnamespace
                      where c.oid = to_regclass('app_user')), current_schema()) as schema`,
  );
  return rows[0]?.schema ?? 'public';
}

/** `open` once, on first call; `close` closes what was opened. */
function lazyFeed(open: () => Promise<ChangeFeed>) {
  let feed: Promise<ChangeFeed> | undefined;
  return {
    get: () => (feed ??= open()),
    close: async () => {
      // A feed that never opened has nothing to close.
      if (feed) await (await feed.catch(() => undefined))?.close();
    },
  };
}

/** The extensions every migration may rely on, on both backends. */
export const REQUIRED_EXTENSIONS = ['pg_trgm', 'btree_gin', 'unaccent', 'citext'] as const;

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
      ...(target.schema ? { options: `-c search_path=${target.schema},public` } : {}),
    });
    // A client losing its server (restart, failover, network cut) must not crash the process:
    // the pool reports idle ones here; a checked-out one (between the queries of a transaction)
    // has no listener of the pool's, so each client gets its own. Its next query then fails
    // and the request is answered 503 (plugins/problem.ts); the pool drops the client on release.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<DB>({ dialect: new PortalPostgresDialect({ pool: preparingPool(pool) }) });
    const feed = lazyFeed(async () =>
      postgresChangeFeed({ connectionString: target.url, connectionTimeoutMillis: 5_000 }, await portalSchema(pool)),
    );
    return {
      db,
      poolStats: statsOf(pool),
      backend: 'postgres',
      schema: target.schema,
      pool,
      changeFeed: feed.get,
      close: async () => {
        await feed.close();
        await db.destroy();
      },
    };
  }

  if (!target.dataDir.startsWith('memory://')) {
    await fs.mkdir(target.dataDir, { recursive: true });
  }
  const pglite = await PGlite.create(target.dataDir, {
    extensions: { pg_trgm, btree_gin, unaccent, citext },
    ...(target.template ? { loadDataDir: target.template } : {}),
  });
  const pool = new pg.Pool(createPgConfig(pglite));
  const db = new Kysely<DB>({ dialect: new PortalPostgresDialect({ pool: preparingPool(pool) }) });
  const feed = lazyFeed(async () => pgliteChangeFeed(pglite, await portalSchema(pool)));
  return {
    db,
    poolStats: statsOf(pool),
    backend: 'pglite',
    schema: undefined,
    pool,
    changeFeed: feed.get,
    close: async () => {
      await feed.close();
      await db.destroy();
      await pglite.close();
    },
  };
}

export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}

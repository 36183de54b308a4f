import pg from 'pg';
import { REQUIRED_EXTENSIONS } from '../src/db/database';
import { loadConfig } from '../src/env';

/**
 * For the PostgreSQL run: install the shared extensions once (database-wide, in public)
 * before test files create their own schemas concurrently, and sweep schemas left behind
 * by an interrupted earlier run.
 */
export default async function setup() {
  const config = loadConfig();
  if (config.database.kind !== 'postgres') return;
  const client = new pg.Client({ connectionString: config.database.url });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `DATABASE_URL is set but PostgreSQL cannot be reached (${(error as Error).message}). ` +
        'Start PostgreSQL, or unset DATABASE_URL to run on embedded PGlite only.',
    );
  }
  try {
    for (const extension of REQUIRED_EXTENSIONS) {
      await client.query(`create extension if not exists ${extension} schema public`);
    }
    const stale = await client.query<{ nspname: string }>(
      `select nspname from pg_namespace where nspname like 'vitest\\_%'`,
    );
    // Only schemas of runs that ended long ago: another test run may be using its own right now.
    const cutoff = Date.now() - 2 * 60 * 60 * 1000;
    for (const { nspname } of stale.rows) {
      const created = Number.parseInt(/^vitest_([0-9a-z]+)_/.exec(nspname)?.[1] ?? '0', 36);
      if (created < cutoff) await client.query(`drop schema if exists "${nspname}" cascade`);
    }
  } finally {
    await client.end();
  }
}

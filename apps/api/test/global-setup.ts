import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { backupPglite } from '../src/db/backup';
import { openDatabase, REQUIRED_EXTENSIONS } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { RUNTIME_ROLE } from '../src/db/roles';
import { prepareDatabase } from '../src/portal-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite data directories (dumpDataDir tarballs) each test file's database starts from. */
    pgliteTemplates: { empty: string; migrated: string; prepared: string } | null;
  }
}

/**
 * PGlite: initdb costs seconds of WASM each time, so the data directory is made once here,
 * empty and migrated, and every test file's in-memory database starts from a copy of it
 * (createTestDatabase); the prepared one, as the portal serves it (createRuntimeTestDatabase). PostgreSQL: install the shared extensions once (database-wide, in
 * public) before test files create their own schemas concurrently, and sweep schemas left
 * behind by an interrupted earlier run.
 */
export default async function setup(project: TestProject) {
  // The project's own DATABASE_URL (vitest.config.ts): its env reaches the test files, not this.
  const url = String(project.config.env.DATABASE_URL ?? '');
  if (!url) return preparePgliteTemplates(project);
  project.provide('pgliteTemplates', null);
  const client = new pg.Client({ connectionString: url });
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

async function preparePgliteTemplates(project: TestProject) {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'ccap-pglite-templates-'));
  const dataDir = path.join(folder, 'data');
  const templates = {
    empty: path.join(folder, 'empty.tgz'),
    migrated: path.join(folder, 'migrated.tgz'),
    prepared: path.join(folder, 'prepared.tgz'),
  };
  await (await openDatabase({ kind: 'pglite', dataDir })).close();
  await backupPglite(dataDir, templates.empty);
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.close();
  }
  await backupPglite(dataDir, templates.migrated);
  // As the portal prepares it before serving: the job queue and the runtime role's grants too.
  const prepared = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await prepareDatabase(prepared, { runtimeRole: RUNTIME_ROLE, createRole: true });
  } finally {
    await prepared.close();
  }
  await backupPglite(dataDir, templates.prepared);
  project.provide('pgliteTemplates', templates);
  return () => fs.rm(folder, { recursive: true, force: true });
}

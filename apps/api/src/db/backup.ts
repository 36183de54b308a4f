import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { REQUIRED_EXTENSIONS } from './database';

/**
 * Backups of the database (ADR 036). PostgreSQL: `pg_dump` in its custom format, restored by
 * `pg_restore` in one transaction (all or nothing). PGlite: its data directory as a gzipped
 * tarball (`dumpDataDir`), restored into a fresh directory; the directory it replaces is kept
 * beside it, never deleted. Document files are not in these backups (BLOB_DIR or the bucket).
 */
const PG_DUMP_MAGIC = 'PGDMP';
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const pgliteExtensions = { pg_trgm, btree_gin, unaccent, citext, fuzzystrmatch };

export type BackupKind = 'postgres' | 'pglite';

/** What kind of backup a file holds, from its first bytes. */
export async function backupKindOf(file: string): Promise<BackupKind | undefined> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head.toString('latin1') === PG_DUMP_MAGIC) return 'postgres';
    if (head.subarray(0, 2).equals(GZIP_MAGIC)) return 'pglite';
    return undefined;
  } finally {
    await handle.close();
  }
}

function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${command} was not found: install the PostgreSQL client tools (e.g. apt-get install postgresql-client)`,
            )
          : error,
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** pg_dump of the whole database, or of one schema (test isolation), to `file`. */
export async function backupPostgres(target: { url: string; schema?: string }, file: string) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await runTool('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${file}`,
    ...(target.schema ? [`--schema=${target.schema}`] : []),
    `--dbname=${target.url}`,
  ]);
}

/**
 * Restores a pg_dump file into the database at `url`, replacing what the dump holds, in one
 * transaction. The extensions the schema relies on are created first (a dump of one schema
 * does not carry them).
 */
export async function restorePostgres(target: { url: string }, file: string) {
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    for (const extension of REQUIRED_EXTENSIONS)
      await client.query(`create extension if not exists ${extension} schema public`);
    await runTool('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${target.url}`,
      file,
    ]);
  } finally {
    await client.end();
  }
}

/** The embedded database's data directory as a gzipped tarball. The server must be stopped. */
export async function backupPglite(dataDir: string, file: string) {
  const entries = await fs.readdir(dataDir).catch(() => []);
  if (entries.length === 0) throw new Error(`There is no embedded database at ${dataDir}.`);
  const pglite = await PGlite.create(dataDir, { extensions: pgliteExtensions });
  try {
    const dump = await pglite.dumpDataDir('gzip');
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pglite.close();
  }
}

/**
 * Restores a PGlite tarball as the data directory `dataDir`. An existing directory is moved
 * aside (its new name is returned), never deleted. The server must be stopped.
 */
export async function restorePglite(file: string, dataDir: string): Promise<{ movedAside?: string }> {
  const tarball = await fs.readFile(file);
  let movedAside: string | undefined;
  const entries = await fs.readdir(dataDir).catch(() => undefined);
  if (entries && entries.length > 0) {
    movedAside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await fs.rename(dataDir, movedAside);
  }
  await fs.mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, {
    extensions: pgliteExtensions,
    loadDataDir: new Blob([tarball]),
  });
  try {
    await pglite.query('select 1');
  } finally {
    await pglite.close();
  }
  return movedAside ? { movedAside } : {};
}

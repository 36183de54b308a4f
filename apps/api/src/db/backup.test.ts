import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { submitApplication } from '../../test/documents-fixture';
import { createTestApp, type TestContext } from '../../test/helpers';
import { createUser } from '../../test/identity';
import { loadConfig } from '../env';
import { backupKindOf, backupPglite, backupPostgres, restorePglite, restorePostgres } from './backup';
import { openDatabase } from './database';
import type { DB } from './schema';

/** Every table of the current schema: its row count and a digest of all its rows. */
async function fingerprint(db: Kysely<DB>) {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const result: Record<string, { rows: number; digest: string }> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ rows: number; digest: string }>`
      select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest
      from ${sql.table(name)} t`.execute(db);
    result[name] = rows[0]!;
  }
  return result;
}

const target = loadConfig().database;
let ctx: TestContext;
let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ccap-backup-'));
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

/** A database with something in most tables: accounts, an application, its documents list, mail, audit. */
async function populate(testContext: TestContext) {
  const user = await createUser(testContext, 'Backup Applicant');
  await createUser(testContext, 'Backup Worker', 'service-worker', ['Polk']);
  await submitApplication(testContext, user);
  await testContext.app.repositories.accounts.create({ name: 'Idp Person', email: 'idp@example.gov', password: 'x' });
  await testContext.app.repositories.mail.enqueue({ to: 'a@example.gov', subject: 'S', text: 'T', kind: 'test' });
}

it.runIf(target.kind === 'postgres')(
  'PostgreSQL: pg_dump, then pg_restore into a fresh database finds every row of every table',
  async () => {
    if (target.kind !== 'postgres') return;
    ctx = await createTestApp();
    await populate(ctx);
    // A backup is the owner's: every table, the migration bookkeeping too.
    const before = await ctx.asOwner((owner) => fingerprint(owner.db));
    expect(before.application?.rows).toBeGreaterThan(0);
    const file = path.join(dir, 'portal.dump');
    await backupPostgres({ url: target.url, schema: ctx.database.schema }, file);
    expect(await backupKindOf(file)).toBe('postgres');

    const fresh = `restore_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: target.url });
    await admin.connect();
    await admin.query(`create database "${fresh}"`);
    const freshUrl = new URL(target.url);
    freshUrl.pathname = `/${fresh}`;
    try {
      await restorePostgres({ url: freshUrl.toString() }, file);
      const restored = await openDatabase({
        kind: 'postgres',
        url: freshUrl.toString(),
        poolSize: 1,
        schema: ctx.database.schema,
      });
      try {
        expect(await fingerprint(restored.db)).toEqual(before);
      } finally {
        await restored.close();
      }
    } finally {
      await admin.query(`drop database if exists "${fresh}" with (force)`);
      await admin.end();
    }
  },
  60_000,
);

it.runIf(target.kind === 'pglite')(
  'PGlite: the data directory as a tarball, restored into a fresh directory, finds every row of every table',
  async () => {
    const dataDir = path.join(dir, 'pglite');
    const source = await openDatabase({ kind: 'pglite', dataDir });
    const { migrateToLatest } = await import('./migrate');
    await migrateToLatest(source.db, { schema: undefined });
    const { createRepositories, repositoryOptions } = await import('../repositories');
    const repositories = createRepositories(source.db, await repositoryOptions(loadConfig()));
    await repositories.accounts.create({ name: 'Idp Person', email: 'idp@example.gov', password: 'x' });
    await repositories.mail.enqueue({ to: 'a@example.gov', subject: 'S', text: 'T', kind: 'test' });
    await repositories.drafts.create(
      (await repositories.users.resolve({ issuer: 'urn:test', subject: 's1', email: 'p@example.gov', name: 'P' })).id,
      'registeredprovider',
      '{"providerType":"registeredprovider"}',
    );
    const before = await fingerprint(source.db);
    expect(before.draft_application?.rows).toBe(1);
    await source.close();

    const file = path.join(dir, 'portal.tar.gz');
    await backupPglite(dataDir, file);
    expect(await backupKindOf(file)).toBe('pglite');

    // Into a fresh directory, and over an existing one (kept aside, not deleted).
    const freshDir = path.join(dir, 'restored');
    expect(await restorePglite(file, freshDir)).toEqual({});
    const { movedAside } = await restorePglite(file, freshDir);
    expect(movedAside).toMatch(/restored\.before-restore-/);
    expect((await fs.readdir(movedAside!)).length).toBeGreaterThan(0);
    const restored = await openDatabase({ kind: 'pglite', dataDir: freshDir });
    try {
      expect(await fingerprint(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }
  },
  60_000,
);

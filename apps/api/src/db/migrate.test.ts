import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import type { DB } from './schema';
import { MigrationError, migrateToLatest } from './migrate';
import { migrations } from './migrations';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});
afterAll(async () => {
  await database.close();
});

// Looks only in this test's own schema on PostgreSQL, never in public.
const tableExists = async (db: Kysely<DB>, name: string) => {
  const qualified = database.schema ? `"${database.schema}".${name}` : name;
  const result = await sql<{ exists: boolean }>`select to_regclass(${qualified}) is not null as exists`.execute(db);
  return result.rows[0]?.exists ?? false;
};

describe('migrations', () => {
  it('a failing migration leaves the database exactly as it was', async () => {
    const broken = {
      ...migrations,
      '9999-broken': {
        up: async (db: Kysely<unknown>) => {
          await db.schema.createTable('half_done').addColumn('id', 'integer').execute();
          await sql`select * from no_such_table`.execute(db);
        },
      },
    };
    await expect(migrateToLatest(database.db, { schema: database.schema, migrations: broken })).rejects.toThrow(
      MigrationError,
    );
    await expect(migrateToLatest(database.db, { schema: database.schema, migrations: broken })).rejects.toThrow(
      /9999-broken failed, no change was made/,
    );
    expect(await tableExists(database.db, 'half_done')).toBe(false);
    expect(await tableExists(database.db, 'audit_log')).toBe(false);
  });

  it('applies every migration once, and again is a no-op', async () => {
    const first = await migrateToLatest(database.db, { schema: database.schema });
    expect(first.results?.map((r) => r.status)).toEqual(Object.keys(migrations).map(() => 'Success'));
    const second = await migrateToLatest(database.db, { schema: database.schema });
    expect(second.results).toEqual([]);
    expect(await tableExists(database.db, 'audit_log')).toBe(true);
  });

  it('loads the search extensions on this backend', async () => {
    const result = await sql<{ extname: string }>`select extname from pg_extension`.execute(database.db);
    expect(result.rows.map((r) => r.extname)).toEqual(
      expect.arrayContaining(['pg_trgm', 'btree_gin', 'unaccent', 'citext', 'fuzzystrmatch']),
    );
    const similarity = await sql<{ s: number }>`select similarity('Sunshine Daycare', 'Sunshne Daycare') as s`.execute(
      database.db,
    );
    expect(similarity.rows[0]?.s).toBeGreaterThan(0.5);
    const plain = await sql<{ u: string }>`select unaccent('Crèche Ñandú') as u`.execute(database.db);
    expect(plain.rows[0]?.u).toBe('Creche Nandu');
  });

  it('the audit log refuses updates and deletes', async () => {
    await database.db
      .insertInto('audit_log')
      .values({
        action: 'test.recorded',
        entity_type: 'test',
        entity_id: '1',
        before: null,
        after: JSON.stringify({ ok: true }),
      })
      .execute();
    await expect(database.db.updateTable('audit_log').set({ action: 'rewritten' }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(database.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_log`.execute(database.db)).rejects.toThrow(/append-only/);
    const rows = await database.db.selectFrom('audit_log').select(['action', 'after']).execute();
    expect(rows).toEqual([{ action: 'test.recorded', after: { ok: true } }]);
  });
});

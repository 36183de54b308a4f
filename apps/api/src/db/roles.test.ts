import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntimeTestDatabase } from '../../test/helpers';
import { loadConfig } from '../env';
import { prepareDatabase } from '../portal-database';
import { RUNTIME_ROLE } from './roles';

type Runner = (text: string) => Promise<unknown>;

/** The five ways the portal's own role could rewrite the audit trail; each must be refused. */
const TAMPERING = [
  ['UPDATE', `update audit_log set reason = 'rewritten'`],
  ['DELETE', `delete from audit_log`],
  ['TRUNCATE', `truncate audit_log`],
  ['DISABLE TRIGGER', `alter table audit_log disable trigger audit_log_append_only`],
  ['session_replication_role', `set session_replication_role = replica`],
] as const;

async function expectTamperingRefused(run: Runner) {
  for (const [means, statement] of TAMPERING) {
    await expect(run(statement), means).rejects.toMatchObject({ code: '42501' });
  }
}

const AN_ENTRY = `insert into audit_log (action, entity_type, entity_id, hash) values ('test.entry', 'application', '1', 'forged')`;

describe('the runtime role (ADR 082)', () => {
  let context: Awaited<ReturnType<typeof createRuntimeTestDatabase>>;
  beforeAll(async () => {
    context = await createRuntimeTestDatabase();
  });
  afterAll(() => context.close());

  it('appends to and reads the audit trail, but cannot change it by any of five means', async () => {
    const { runtime } = context;
    await runtime.pool.query(AN_ENTRY);
    const rows = await runtime.pool.query<{ hash: string; current: string }>(
      `select hash, current_user as current from audit_log where action = 'test.entry'`,
    );
    expect(rows.rows[0]?.current).toBe(RUNTIME_ROLE);
    // The hash is the database's, whatever the caller sent.
    expect(rows.rows[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
    // A client with one session at a time (PGlite is one): each statement on its own connection.
    await expectTamperingRefused((text) => runtime.pool.query(text));
    const after = await runtime.pool.query(`select count(*)::int as n from audit_log where action = 'test.entry'`);
    expect(after.rows[0]).toEqual({ n: 1 });
  });

  it('owns nothing, and may not touch the migration bookkeeping', async () => {
    const { runtime } = context;
    const owned = await runtime.pool.query(
      `select count(*)::int as n from pg_class where relowner = (select oid from pg_roles where rolname = current_user)`,
    );
    expect(owned.rows[0]).toEqual({ n: 0 });
    await expect(runtime.pool.query('select * from kysely_migration')).rejects.toMatchObject({ code: '42501' });
    await expect(runtime.pool.query('create table intruder (id int)')).rejects.toMatchObject({ code: '42501' });
  });

  it('reads and writes the job queue it was granted', async () => {
    const { runtime, jobSchema } = context;
    const queues = await runtime.pool.query<{ name: string }>(`select name from "${jobSchema}".queue order by name`);
    expect(queues.rows.map((row) => row.name)).toContain('drafts.remind');
    await expect(runtime.pool.query(`drop table "${jobSchema}".queue`)).rejects.toMatchObject({ code: '42501' });
  });
});

// PostgreSQL with two logins (MIGRATION_DATABASE_URL for the owner, DATABASE_URL for the
// runtime): a role that logs in itself, connected to as such.
const database = loadConfig().database;
describe.runIf(database.kind === 'postgres')('a runtime login of its own (PostgreSQL)', () => {
  const login = `ccap_test_runtime_${randomBytes(4).toString('hex')}`;
  let context: Awaited<ReturnType<typeof createRuntimeTestDatabase>>;
  let client: pg.Client;
  beforeAll(async () => {
    context = await createRuntimeTestDatabase();
    await context.owner.pool.query(`create role ${login} login`);
    await prepareDatabase(context.owner, { runtimeRole: login, createRole: false, jobSchema: context.jobSchema });
    const url = new URL(database.kind === 'postgres' ? database.url : '');
    url.username = login;
    client = new pg.Client({
      connectionString: url.toString(),
      options: `-c search_path=${context.owner.schema},public`,
    });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await context.owner.pool.query(`drop owned by ${login}`);
    await context.owner.pool.query(`drop role ${login}`);
    await context.close();
  });

  it('connects as itself and cannot change the audit trail by any of five means', async () => {
    const who = await client.query<{ session: string; current: string }>(
      'select session_user as session, current_user as current',
    );
    expect(who.rows[0]).toEqual({ session: login, current: login });
    await client.query(AN_ENTRY);
    await expectTamperingRefused((text) => client.query(text));
    const entries = await client.query(`select count(*)::int as n from audit_log`);
    expect(entries.rows[0]).toEqual({ n: 1 });
  });
});

import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntimeTestDatabase } from '../../../test/helpers';
import { openDatabase } from '../../db/database';
import { loadConfig } from '../../env';
import { prepareDatabase, runtimeRoleOf } from '../../portal-database';
import type { Notifier } from '../notifications/notifier';
import { createAuditRepository } from './audit.repository';

const noNotices = {} as Notifier;

describe('the audit hash chain (ADR 083)', () => {
  let context: Awaited<ReturnType<typeof createRuntimeTestDatabase>>;
  let audit: ReturnType<typeof createAuditRepository>;
  const record = (index: number) =>
    context.runtime.db.transaction().execute((trx) =>
      audit.recordChange(trx, {
        actor: { id: null, label: `tester ${index}`, requestId: `req-${index}` },
        action: 'test.change',
        entity: { type: 'application', id: index },
        before: { status: 'Submitted', n: index },
        after: { status: 'Approved', n: index, text: 'ünïcode ✓' },
        reason: index % 2 ? 'because' : null,
      }),
    );

  beforeAll(async () => {
    context = await createRuntimeTestDatabase();
    audit = createAuditRepository(context.runtime.db, noNotices);
  });
  afterAll(() => context.close());

  it('links every entry to the one before, also when written at once', async () => {
    expect(await audit.verifyChain()).toEqual({ ok: true, entries: 0, head: null });
    for (let index = 1; index <= 3; index += 1) await record(index);
    // Concurrent transactions each take their turn at the head.
    await Promise.all(Array.from({ length: 12 }, (_, index) => record(100 + index)));
    const verdict = await audit.verifyChain();
    expect(verdict).toMatchObject({ ok: true, entries: 15 });
    const rows = await context.runtime.pool.query<{ chain_seq: number; prev_hash: string; hash: string }>(
      'select chain_seq, prev_hash, hash from audit_log order by chain_seq',
    );
    expect(rows.rows.map((row) => Number(row.chain_seq))).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    for (const [index, row] of rows.rows.entries()) {
      expect(row.prev_hash).toBe(index === 0 ? '0'.repeat(64) : rows.rows[index - 1]!.hash);
    }
  });

  it('names the first entry the owner changed, and the entry after one the owner removed', async () => {
    const target = await context.runtime.pool.query<{ id: number; chain_seq: number }>(
      `select id, chain_seq from audit_log where chain_seq in (5, 9) order by chain_seq`,
    );
    const [changed, removed] = target.rows.map((row) => ({ id: Number(row.id), chainSeq: Number(row.chain_seq) }));
    await context.asOwner(async (owner) => {
      await owner.pool.query('alter table audit_log disable trigger audit_log_append_only');
      await owner.pool.query(`update audit_log set reason = 'rewritten' where id = $1`, [removed!.id]);
      await owner.pool.query(`update audit_log set after = '{"status":"Denied"}' where id = $1`, [changed!.id]);
      await owner.pool.query('alter table audit_log enable trigger audit_log_append_only');
    });
    expect(await audit.verifyChain()).toEqual({ ok: false, entries: 4, broken: { ...changed, problem: 'changed' } });

    // Entries removed (with the changed ones among them): the entry after the gap is named.
    await context.asOwner(async (owner) => {
      await owner.pool.query('alter table audit_log disable trigger audit_log_append_only');
      await owner.pool.query(`delete from audit_log where chain_seq between 5 and 9`);
      await owner.pool.query('alter table audit_log enable trigger audit_log_append_only');
    });
    const next = await context.runtime.pool.query<{ id: number }>(`select id from audit_log where chain_seq = 10`);
    expect(await audit.verifyChain()).toEqual({
      ok: false,
      entries: 4,
      broken: { id: Number(next.rows[0]!.id), chainSeq: 10, problem: 'missing' },
    });
  });
});

// The command an operator runs: on a PGlite data directory of its own (a process-level test,
// once, on the PGlite project).
it.runIf(loadConfig().database.kind === 'pglite')(
  'npm run admin -- verify-audit exits 1 naming the first broken entry',
  async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ccap-verify-audit-'));
    try {
      const config = { kind: 'pglite' as const, dataDir: path.join(dataDir, 'pglite') };
      const database = await openDatabase(config);
      let brokenId = 0;
      try {
        await prepareDatabase(database, runtimeRoleOf(config));
        for (const index of [1, 2, 3]) {
          await database.pool.query(
            `insert into audit_log (action, entity_type, entity_id) values ('test.change', 'application', $1)`,
            [String(index)],
          );
        }
        const second = await database.pool.query<{ id: number }>(`select id from audit_log where chain_seq = 2`);
        brokenId = Number(second.rows[0]!.id);
        await database.pool.query('alter table audit_log disable trigger audit_log_append_only');
        await database.pool.query(`update audit_log set actor_label = 'someone else' where id = $1`, [brokenId]);
      } finally {
        await database.close();
      }
      const run = spawn(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', 'verify-audit'], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        // eslint-disable-next-line no-restricted-properties -- the child is configured through its environment
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      run.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      run.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => run.once('exit', resolve));
      expect(output).toContain(`broken at entry id ${brokenId} (chain position 2)`);
      expect(code).toBe(1);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  },
  240_000,
);

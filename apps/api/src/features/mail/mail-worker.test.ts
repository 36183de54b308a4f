import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, openPgliteFromTemplate } from '../../../test/helpers';
import { startSmtpTestServer, type SmtpTestServer } from '../../../test/smtp-test-server';
import { type Database, type DatabaseTarget, openDatabase } from '../../db/database';
import { loadConfig } from '../../env';
import { createMailRepository } from './mail.repository';
import { messageIdOf } from './mail-worker';

const CHILD = path.resolve(import.meta.dirname, '../../../test/mail-worker-child.ts');
const LEASE_MS = 1_500;

/**
 * The worker runs in a child process that the test kills (SIGKILL, no clean-up) while the SMTP
 * server holds back its answer to a mail's DATA, then starts again. On PostgreSQL the test
 * keeps its own connection; PGlite is one process's database, so there the test hands the
 * file-backed database over to each child in turn.
 */
const postgres = loadConfig().database.kind === 'postgres';
let target: DatabaseTarget;
let database: Database | undefined;
let dataDir: string | undefined;
let smtp: SmtpTestServer;

const open = async () => {
  if (!database) database = await openDatabase(target);
  return database;
};
const handOver = async () => {
  if (postgres) return;
  await database?.close();
  database = undefined;
};

beforeAll(async () => {
  if (postgres) {
    database = await createTestDatabase();
    const config = loadConfig().database as { url: string };
    target = { kind: 'postgres', url: config.url, poolSize: 2, schema: database.schema };
  } else {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ccap-mail-crash-'));
    target = { kind: 'pglite', dataDir };
    database = await openPgliteFromTemplate('migrated', dataDir);
  }
  // The first time "Second" arrives, its answer is held back.
  let holds = 0;
  smtp = await startSmtpTestServer({ holdReply: (mail) => mail.subject === 'Second' && holds++ === 0 });
});
afterAll(async () => {
  await smtp.close();
  await database?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

function startWorker(): Promise<ChildProcess> {
  const child = fork(CHILD, [JSON.stringify({ database: target, smtpUrl: smtp.url, leaseMs: LEASE_MS })], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the worker exited with ${code}`)));
  });
}
const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));

async function until(condition: () => boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

it('sends each mail exactly once when the worker is killed mid-send and started again', async () => {
  const outbox = createMailRepository((await open()).db);
  for (const subject of ['First', 'Second', 'Third']) {
    await outbox.enqueue({ to: 'applicant@example.gov', subject, text: `${subject} mail`, kind: 'test' });
  }
  await handOver();

  const first = await startWorker();
  const held = smtp.nextHeld();
  // "First" goes out; the server then holds its answer to "Second", and the worker dies.
  expect((await held).subject).toBe('Second');
  expect(smtp.received.map((mail) => mail.subject)).toEqual(['First']);
  const gone = exited(first);
  first.kill('SIGKILL');
  await gone;
  await until(() => smtp.heldClientGone(), 'the server to see the connection drop');
  // Too late: the client is gone, so the server never took responsibility for "Second".
  smtp.release();

  const second = await startWorker();
  // "Second" waits for the dead worker's lease to run out, then goes with "Third".
  await until(() => smtp.received.length >= 3, 'all three mails');
  await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 500));
  const stopped = exited(second);
  second.kill('SIGTERM');
  await stopped;

  expect(smtp.received.map((mail) => mail.subject).sort()).toEqual(['First', 'Second', 'Third']);
  const rows = await (
    await open()
  ).db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('kind', '=', 'test')
    .orderBy('id')
    .execute();
  expect(rows.map((row) => [row.subject, row.attempts, row.sent_at !== null])).toEqual([
    ['First', 1, true],
    ['Second', 2, true],
    ['Third', 1, true],
  ]);
  // The same mail always carries the same Message-ID, whichever process sends it.
  expect(smtp.received.map((mail) => mail.messageId).sort()).toEqual(
    rows.map((row) => messageIdOf({ id: row.id, createdAt: row.created_at }, 'portal.example.gov')).sort(),
  );
}, 60_000);

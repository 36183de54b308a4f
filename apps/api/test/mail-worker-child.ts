/**
 * The mail worker alone in a process of its own, for the crash test: argv[2] is JSON
 * `{ database, smtpUrl, leaseMs }`. SIGTERM stops it cleanly; the test SIGKILLs it mid-send.
 */
import { type DatabaseTarget, openDatabase } from '../src/db/database';
import { createMailWorker, createSmtpTransport } from '../src/features/mail/mail-worker';
import { createMailRepository } from '../src/features/mail/mail.repository';

const options = JSON.parse(process.argv[2] ?? '{}') as { database: DatabaseTarget; smtpUrl: string; leaseMs: number };
const database = await openDatabase(options.database);
const log = { info: () => undefined, warn: () => undefined, error: (...args: unknown[]) => console.error(...args) };
const worker = createMailWorker({
  outbox: createMailRepository(database.db),
  transport: createSmtpTransport(options.smtpUrl),
  from: 'portal@example.gov',
  domain: 'portal.example.gov',
  log,
  pollMs: 50,
  leaseMs: options.leaseMs,
});
worker.start();
process.on('SIGTERM', () => {
  void worker
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
process.send?.('ready');

import type { FastifyBaseLogger } from 'fastify';
import type { MailConfig } from '../../env';
import type { Repositories } from '../../repositories';
import { createMailWorker, createSmtpTransport, type MailTransport } from '../mail/mail-worker';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The work the API process does besides answering requests: delivering the outbox (when SMTP
 * is configured) and reminding owners of stale drafts. Timers for now; issue #12 moves the
 * scheduling to a PostgreSQL job queue, which calls the same `drain()` and `remindStaleDrafts()`.
 */
export function startBackgroundJobs(options: {
  repositories: Repositories;
  mail: MailConfig;
  log: FastifyBaseLogger;
  /** A transport other than SMTP_URL's (tests). */
  transport?: MailTransport;
  reminderEveryMs?: number;
}) {
  const { repositories, log } = options;
  const transport = options.transport ?? (options.mail.smtpUrl ? createSmtpTransport(options.mail.smtpUrl) : undefined);
  const worker = transport
    ? createMailWorker({
        outbox: repositories.mail,
        transport,
        from: options.mail.from,
        domain: options.mail.domain,
        log,
      })
    : undefined;
  worker?.start();
  if (!worker) log.info('mail: no SMTP_URL, mails stay in the outbox (the Inbox shows them)');

  let reminders: Promise<unknown> | undefined;
  const remind = () => {
    reminders = repositories.notifications
      .remindStaleDrafts()
      .then((count) => {
        if (count > 0) log.info(`reminded the owners of ${count} untouched drafts`);
      })
      .catch((error: unknown) => log.error({ err: error }, 'draft reminders failed'))
      .finally(() => {
        reminders = undefined;
      });
  };
  const reminderTimer = setInterval(remind, options.reminderEveryMs ?? HOUR_MS);
  reminderTimer.unref();
  remind();

  return {
    worker,
    async stop() {
      clearInterval(reminderTimer);
      await reminders;
      await worker?.stop();
    },
  };
}

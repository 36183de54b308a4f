import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { ClaimedMail, MailRepository } from './mail.repository';

/** What delivers one mail: resolves once the SMTP server accepted it (its 250 after DATA). */
export interface MailTransport {
  send(mail: { from: string; to: string; subject: string; text: string; messageId: string }): Promise<void>;
  close(): void;
}

/** An SMTP error the server means for good (5xx): trying again would not help. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

export function createSmtpTransport(smtpUrl: string): MailTransport {
  // Timeouts well inside the worker's lease: a send never outlives the lease that guards it.
  const transporter = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  } as never);
  return {
    async send(mail) {
      await transporter.sendMail({ ...mail, headers: { 'Auto-Submitted': 'auto-generated' } });
    },
    close: () => transporter.close(),
  };
}

export interface MailWorkerOptions {
  outbox: Pick<MailRepository, 'claim' | 'markSent' | 'markFailed'>;
  transport: MailTransport;
  from: string;
  /** The Message-ID's domain: the portal's host name. */
  domain: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** How often the outbox is looked at when idle. */
  pollMs?: number;
  /** How long a claimed mail is held; longer than any one send can take. */
  leaseMs?: number;
  /** Delivery attempts before a mail is given up (dead letter). */
  maxAttempts?: number;
  /** The first retry's delay; each next one doubles, up to an hour. */
  retryBaseMs?: number;
}

/**
 * The same mail always carries the same Message-ID, whichever instance or attempt sends it:
 * a receiving server or mail client that sees it twice can tell.
 */
export const messageIdOf = (mail: Pick<ClaimedMail, 'id' | 'createdAt'>, domain: string) =>
  `<outbox.${mail.id}.${mail.createdAt.getTime()}@${domain}>`;

export const retryDelayMs = (attempts: number, baseMs: number) =>
  Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);

/**
 * Delivers the outbox through SMTP, one mail at a time: claim (lease), send, mark sent.
 * Scheduling is a timer here; the PostgreSQL job queue of issue #12 can drive `drain()`
 * instead. See ADR 031 for the delivery guarantees.
 */
export function createMailWorker(options: MailWorkerOptions) {
  const pollMs = options.pollMs ?? 5_000;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const maxAttempts = options.maxAttempts ?? 8;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let started = false;
  /** Set by stop(): the current drain ends after the mail in hand. */
  let stopping = false;

  const deliver = async (mail: ClaimedMail) => {
    try {
      await options.transport.send({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId: messageIdOf(mail, options.domain),
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = isPermanent(error) || mail.attempts >= maxAttempts;
      await options.outbox.markFailed(mail, message, giveUp ? undefined : retryDelayMs(mail.attempts, retryBaseMs));
      options.log.warn({ mailId: mail.id, attempts: mail.attempts, giveUp, err: message }, 'mail delivery failed');
      return;
    }
    if (!(await options.outbox.markSent(mail))) {
      options.log.error({ mailId: mail.id }, 'mail sent after its lease ran out: another worker may send it too');
    }
  };

  /** Sends every mail that is due; answers how many were tried. */
  const drain = async (): Promise<number> => {
    let tried = 0;
    while (!stopping) {
      const mail = await options.outbox.claim(leaseMs);
      if (!mail) return tried;
      tried++;
      await deliver(mail);
    }
    return tried;
  };

  const tick = () => {
    running = drain()
      .catch((error: unknown) => {
        options.log.error({ err: error }, 'mail worker: the outbox could not be read');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (!stopping) timer = setTimeout(tick, pollMs);
      });
  };

  return {
    drain,
    start() {
      if (started) return;
      started = true;
      timer = setTimeout(tick, 0);
    },
    /** Lets a send in flight finish (bounded by the SMTP timeouts), then closes the connection. */
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
      options.transport.close();
    },
  };
}
export type MailWorker = ReturnType<typeof createMailWorker>;

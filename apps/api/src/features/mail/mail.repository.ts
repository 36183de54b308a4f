import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  kind: string;
  locale?: string;
}

/** A mail a worker holds the lease of, until it reports how the delivery went. */
export interface ClaimedMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  createdAt: Date;
  /** Delivery attempts so far, this one included. */
  attempts: number;
  leaseToken: string;
}

/**
 * The mail outbox. A mail is written in the same transaction as the change that caused it;
 * the delivery worker (mail-worker.ts) sends it when SMTP is configured, and until then it
 * stays readable in the Inbox and the development mail view.
 */
export function createMailRepository(db: Kysely<DB>) {
  return {
    async enqueue(mail: OutgoingMail, trx: Kysely<DB> | Transaction<DB> = db) {
      await trx
        .insertInto('mail_outbox')
        .values({
          to_address: mail.to,
          subject: mail.subject,
          body_text: mail.text,
          kind: mail.kind,
          locale: mail.locale ?? 'en',
        })
        .execute();
    },

    /** Mails still to deliver (the /metrics outbox backlog); a mail given up on is not waiting. */
    async backlog() {
      const row = await db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async latest(limit = 50) {
      const rows = await db
        .selectFrom('mail_outbox')
        .select(['id', 'to_address', 'subject', 'body_text', 'created_at'])
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        text: row.body_text,
        createdAt: row.created_at.toISOString(),
      }));
    },

    /**
     * Takes the oldest mail that is due and that nobody holds: one statement, the row locked
     * with SKIP LOCKED so that concurrent workers never take the same one, and a lease so that
     * a worker that died holding it gives it up when the lease runs out. The attempt counts
     * from here, so a mail that crashes its worker cannot be retried for ever.
     */
    async claim(leaseMs: number): Promise<ClaimedMail | undefined> {
      const token = randomUUID();
      const { rows } = await sql<{
        id: number;
        to_address: string;
        subject: string;
        body_text: string;
        created_at: Date;
        attempts: number;
      }>`
        update mail_outbox
           set lease_until = now() + make_interval(secs => ${leaseMs / 1000}),
               lease_token = ${token},
               attempts = attempts + 1
         where id = (
           select id from mail_outbox
            where sent_at is null and failed_at is null and next_attempt_at <= now()
              and (lease_until is null or lease_until < now())
            order by next_attempt_at, id
            limit 1
            for update skip locked)
        returning id, to_address, subject, body_text, created_at, attempts`.execute(db);
      const row = rows[0];
      return row
        ? {
            id: row.id,
            to: row.to_address,
            subject: row.subject,
            text: row.body_text,
            createdAt: new Date(row.created_at),
            attempts: row.attempts,
            leaseToken: token,
          }
        : undefined;
    },

    /** The SMTP server took it. False when the lease was lost meanwhile (see ADR 031). */
    async markSent(mail: ClaimedMail): Promise<boolean> {
      const result = await db
        .updateTable('mail_outbox')
        .set({ sent_at: new Date(), lease_until: null, lease_token: null, last_error: null })
        .where('id', '=', mail.id)
        .where('lease_token', '=', mail.leaseToken)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Tries again after `delayMs`, or never again when `delayMs` is undefined (dead letter). */
    async markFailed(mail: ClaimedMail, error: string, delayMs: number | undefined): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({
          lease_until: null,
          lease_token: null,
          last_error: error.slice(0, 1000),
          ...(delayMs === undefined
            ? { failed_at: new Date() }
            : { next_attempt_at: sql<Date>`now() + make_interval(secs => ${delayMs / 1000})` }),
        })
        .where('id', '=', mail.id)
        .where('lease_token', '=', mail.leaseToken)
        .execute();
    },
  };
}
export type MailRepository = ReturnType<typeof createMailRepository>;

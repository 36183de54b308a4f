import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  kind: string;
  locale?: string;
}

/**
 * The mail outbox. A mail is written in the same transaction as the change that caused it;
 * a background worker delivers it when SMTP is configured (notifications issue), and until
 * then it stays readable in the development mail view.
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

    /** Mails not delivered yet (the /metrics outbox backlog). */
    async backlog() {
      const row = await db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('sent_at', 'is', null)
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
  };
}
export type MailRepository = ReturnType<typeof createMailRepository>;

import type { Message, MessageList, MessageSummary, NotificationEvent, NotificationList } from '@ccap/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { Notifier } from './notifier';

const SNIPPET_LENGTH = 140;
const snippet = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET_LENGTH ? `${flat.slice(0, SNIPPET_LENGTH - 1)}…` : flat;
};

/** How long a draft lies untouched before its owner is reminded of it. */
export const DRAFT_REMINDER_DAYS = 14;

/**
 * A user's notifications and messages. Every call names the user: a row of someone else's is
 * never read or changed, and answers as if it did not exist.
 */
export function createNotificationsRepository(db: Kysely<DB>, notifier: Notifier) {
  const unreadNotifications = (userId: string) =>
    db
      .selectFrom('notification')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('dismissed_at', 'is', null)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();

  const messageCounts = (userId: string) =>
    db
      .selectFrom('message')
      .select([
        (eb) => eb.fn.countAll<number>().as('total'),
        sql<number>`count(*) filter (where read_at is null)`.as('unread'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();

  const summaryOf = (row: {
    id: number;
    event: string;
    title: string;
    body: string;
    created_at: Date;
    read_at: Date | null;
    application_id: number | null;
  }): MessageSummary => ({
    id: row.id,
    event: row.event as NotificationEvent,
    title: row.title,
    message: snippet(row.body),
    time: row.created_at.toISOString(),
    read: row.read_at !== null,
    applicationId: row.application_id,
  });

  return {
    notifier,

    async notifications(userId: string, limit: number): Promise<NotificationList> {
      const [rows, unread] = await Promise.all([
        db
          .selectFrom('notification')
          .select(['id', 'event', 'text', 'link', 'created_at', 'read_at'])
          .where('user_id', '=', userId)
          .where('dismissed_at', 'is', null)
          .orderBy('id', 'desc')
          .limit(limit)
          .execute(),
        unreadNotifications(userId),
      ]);
      return {
        items: rows.map((row) => ({
          id: row.id,
          event: row.event as NotificationEvent,
          message: row.text,
          link: row.link,
          time: row.created_at.toISOString(),
          read: row.read_at !== null,
        })),
        unreadCount: Number(unread.count),
      };
    },

    /** Marks one notification read; false when the user has no such notification. */
    async readNotification(userId: string, id: number): Promise<boolean> {
      const result = await db
        .updateTable('notification')
        .set({ read_at: sql`coalesce(read_at, now())` })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('dismissed_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async readAllNotifications(userId: string): Promise<void> {
      await db
        .updateTable('notification')
        .set({ read_at: new Date() })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .execute();
    },

    /** Removes a notification from the bell for good; false when the user has no such notification. */
    async dismissNotification(userId: string, id: number): Promise<boolean> {
      const result = await db
        .updateTable('notification')
        .set({ dismissed_at: new Date(), read_at: sql`coalesce(read_at, now())` })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('dismissed_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async messages(userId: string, limit: number): Promise<MessageList> {
      const [rows, counts] = await Promise.all([
        db
          .selectFrom('message')
          .select(['id', 'event', 'title', 'body', 'created_at', 'read_at', 'application_id'])
          .where('user_id', '=', userId)
          .orderBy('id', 'desc')
          .limit(limit)
          .execute(),
        messageCounts(userId),
      ]);
      return { items: rows.map(summaryOf), unreadCount: Number(counts.unread), total: Number(counts.total) };
    },

    async message(userId: string, id: number): Promise<Message | undefined> {
      const row = await db
        .selectFrom('message')
        .leftJoin('mail_outbox', 'mail_outbox.id', 'message.mail_id')
        .selectAll('message')
        .select(['mail_outbox.to_address', 'mail_outbox.sent_at'])
        .where('message.id', '=', id)
        .where('message.user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        ...summaryOf(row),
        body: row.body,
        links: row.links,
        mail: row.to_address ? { to: row.to_address, sent: row.sent_at !== null } : null,
      };
    },

    async readMessage(userId: string, id: number): Promise<boolean> {
      const result = await db
        .updateTable('message')
        .set({ read_at: sql`coalesce(read_at, now())` })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async readAllMessages(userId: string): Promise<void> {
      await db
        .updateTable('message')
        .set({ read_at: new Date() })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .execute();
    },

    async deleteMessage(userId: string, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('message')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /**
     * Reminds the owners of drafts untouched for DRAFT_REMINDER_DAYS, once per quiet spell
     * (saving the draft again starts a new one). Rows are claimed with SKIP LOCKED so that
     * several instances never remind twice; each reminder commits with its mark.
     */
    async remindStaleDrafts(now = new Date(), batch = 50): Promise<number> {
      const cutoff = new Date(now.getTime() - DRAFT_REMINDER_DAYS * 86_400_000);
      return db.transaction().execute(async (trx) => {
        const drafts = await trx
          .selectFrom('draft_application')
          .select(['id', 'owner_id', 'provider_type'])
          .where('updated_at', '<', cutoff)
          .where((eb) => eb.or([eb('reminded_at', 'is', null), eb('reminded_at', '<', eb.ref('updated_at'))]))
          .orderBy('id')
          .limit(batch)
          .forUpdate()
          .skipLocked()
          .execute();
        for (const draft of drafts) {
          await notifier.notify(trx, {
            userId: draft.owner_id,
            event: 'draftReminder',
            values: { draft: draft.id, days: DRAFT_REMINDER_DAYS },
            links: [
              {
                kind: 'draft',
                href: `/registeredapplication/registration/${draft.provider_type}?draft=${draft.id}`,
              },
            ],
          });
          await trx.updateTable('draft_application').set({ reminded_at: now }).where('id', '=', draft.id).execute();
        }
        return drafts.length;
      });
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

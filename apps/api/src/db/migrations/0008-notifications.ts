import { type Kysely, sql } from 'kysely';

/**
 * Notifications (the header's bell), messages (the Inbox) and what mail delivery needs: a
 * lease so that one worker at a time holds a mail, a retry schedule, and a dead letter state.
 * A draft remembers when its owner was last reminded of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification')
    .addColumn('id', 'bigint', (col) => col.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('link', 'text')
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .addColumn('dismissed_at', 'timestamptz')
    .execute();
  // The bell: a user's undismissed notifications, newest first.
  await sql`create index notification_user_idx on notification (user_id, id desc) where dismissed_at is null`.execute(
    db,
  );

  await db.schema
    .alterTable('mail_outbox')
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('lease_until', 'timestamptz')
    .addColumn('lease_token', 'text')
    .addColumn('failed_at', 'timestamptz')
    .execute();
  // The worker's claim: mails still to send, in order.
  await sql`create index mail_outbox_due_idx on mail_outbox (next_attempt_at, id) where sent_at is null and failed_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('message')
    .addColumn('id', 'bigint', (col) => col.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('links', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('application_id', 'bigint', (col) => col.references('application.id').onDelete('set null'))
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('mail_id', 'bigint', (col) => col.references('mail_outbox.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('message_user_idx').on('message').columns(['user_id', 'id']).execute();

  await db.schema.alterTable('draft_application').addColumn('reminded_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('draft_application').dropColumn('reminded_at').execute();
  await db.schema.dropTable('message').execute();
  await sql`drop index if exists mail_outbox_due_idx`.execute(db);
  await db.schema
    .alterTable('mail_outbox')
    .dropColumn('next_attempt_at')
    .dropColumn('lease_until')
    .dropColumn('lease_token')
    .dropColumn('failed_at')
    .execute();
  await db.schema.dropTable('notification').execute();
}

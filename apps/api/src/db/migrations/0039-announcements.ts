import { type Kysely, sql } from 'kysely';

/**
 * Announcements (ADR 114): what an administrator sent, in each language written, to whom.
 *
 * - `announcement`: the versions (language → title and body), the filters, the audience count
 *   and who sent it. `send_key` is chosen by the sender's page: the same send repeated finds
 *   the same row.
 * - `announcement_recipient`: the audience, fixed when it was sent. Its primary key makes each
 *   provider account a recipient once; `delivered_at` is set in the transaction that writes the
 *   notification, the Inbox message and the mail, so nothing is delivered twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('announcement')
    .addColumn('id', 'bigint', (col) => col.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('send_key', 'uuid', (col) => col.notNull().unique())
    .addColumn('versions', 'jsonb', (col) => col.notNull())
    .addColumn('filters', 'jsonb', (col) => col.notNull())
    .addColumn('audience', 'integer', (col) => col.notNull())
    .addColumn('sent_by_id', 'uuid', (col) => col.references('app_user.id').onDelete('set null'))
    .addColumn('sent_by_label', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('announcement_recipient')
    .addColumn('announcement_id', 'bigint', (col) => col.notNull().references('announcement.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('message_id', 'bigint', (col) => col.references('message.id').onDelete('set null'))
    .addPrimaryKeyConstraint('announcement_recipient_pkey', ['announcement_id', 'user_id'])
    .execute();
  // The delivery job's claim: recipients still waiting, oldest announcement first.
  await sql`create index announcement_recipient_due_idx on announcement_recipient (announcement_id, user_id)
    where delivered_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('announcement_recipient').execute();
  await db.schema.dropTable('announcement').execute();
}

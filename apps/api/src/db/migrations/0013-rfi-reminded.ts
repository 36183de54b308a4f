import { type Kysely, sql } from 'kysely';

/**
 * RFI due-date reminders (issue 12, ADR 040): an applicant who has not answered a pending RFI
 * by its due date is reminded once. `reminded_at` marks that reminder, written in the
 * transaction that writes it, so several instances never remind twice. The partial index holds
 * only the RFIs still waiting for a reminder, so the hourly job's look-up stays small.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rfi').addColumn('reminded_at', 'timestamptz').execute();
  await sql`
    create index rfi_remind_due_idx on rfi (due_date)
      where status = 'pending' and responded_at is null and reminded_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists rfi_remind_due_idx`.execute(db);
  await db.schema.alterTable('rfi').dropColumn('reminded_at').execute();
}

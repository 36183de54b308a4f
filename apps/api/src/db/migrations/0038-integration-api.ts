import { type Kysely, sql } from 'kysely';

/**
 * The integration API (ADR 112): the keys administrators give the state's systems, stored as a
 * SHA-256 of the secret only, and a change position on each provider record.
 *
 * A record's position is the transaction that last changed it (`change_xid`, xid8) and a
 * sequence number within it (`change_seq`). The changes feed pages in that order and answers only
 * rows whose transaction is older than every transaction still running, so a change committed
 * after a reader passed its position can never sort before it: no change is skipped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_key')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (col) => col.notNull())
    // The secret's first characters, shown in the list to tell keys apart; never enough to use.
    .addColumn('prefix', 'text', (col) => col.notNull())
    .addColumn('secret_sha256', 'text', (col) => col.notNull().unique())
    .addColumn('counties', sql`text[]`, (col) => col.notNull())
    .addColumn('resources', sql`text[]`, (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('created_by_id', 'uuid', (col) => col.references('app_user.id'))
    .addColumn('created_by_label', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await sql`create sequence provider_record_change_seq`.execute(db);
  await db.schema
    .alterTable('provider_record')
    .addColumn('change_xid', sql`xid8`)
    .addColumn('change_seq', 'bigint')
    .addColumn('changed_at', 'timestamptz')
    .execute();
  await sql`update provider_record set change_xid = pg_current_xact_id(),
    change_seq = nextval('provider_record_change_seq'), changed_at = coalesce(created_at, now())`.execute(db);
  await sql`alter table provider_record
    alter column change_xid set not null, alter column change_seq set not null, alter column changed_at set not null`.execute(
    db,
  );
  await sql`create index provider_record_change_idx on provider_record (change_xid, change_seq)`.execute(db);

  await sql`create function provider_record_mark_change() returns trigger language plpgsql as $$
    begin
      new.change_xid := pg_current_xact_id();
      new.change_seq := nextval('provider_record_change_seq');
      new.changed_at := now();
      return new;
    end $$`.execute(db);
  await sql`create trigger provider_record_change before insert or update on provider_record
    for each row execute function provider_record_mark_change()`.execute(db);
  // A new version (or one whose days end) is a change of its record.
  await sql`create function provider_record_version_touch() returns trigger language plpgsql as $$
    begin
      update provider_record set change_seq = change_seq where id = new.record_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger provider_record_version_change after insert or update on provider_record_version
    for each row execute function provider_record_version_touch()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger provider_record_version_change on provider_record_version`.execute(db);
  await sql`drop function provider_record_version_touch()`.execute(db);
  await sql`drop trigger provider_record_change on provider_record`.execute(db);
  await sql`drop function provider_record_mark_change()`.execute(db);
  await sql`drop index provider_record_change_idx`.execute(db);
  await db.schema
    .alterTable('provider_record')
    .dropColumn('change_xid')
    .dropColumn('change_seq')
    .dropColumn('changed_at')
    .execute();
  await sql`drop sequence provider_record_change_seq`.execute(db);
  await db.schema.dropTable('api_key').execute();
}

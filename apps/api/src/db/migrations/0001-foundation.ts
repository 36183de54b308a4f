import { type Kysely, sql } from 'kysely';

/**
 * Foundation: the extensions later features search with, and the append-only audit log
 * that every state change writes to (DESIGN.md section 6).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const extension of ['pg_trgm', 'btree_gin', 'unaccent', 'citext']) {
    await sql`create extension if not exists ${sql.raw(extension)}`.execute(db);
  }

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigint', (col) => col.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('occurred_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('actor_id', 'text')
    .addColumn('actor_label', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('entity_type', 'text', (col) => col.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('reason', 'text')
    .addColumn('request_id', 'text')
    .execute();
  await db.schema
    .createIndex('audit_log_entity_idx')
    .on('audit_log')
    .columns(['entity_type', 'entity_id', 'occurred_at'])
    .execute();

  // The audit trail is append-only: the database itself refuses to rewrite history.
  await sql`
    create function audit_log_is_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only: % is not allowed', tg_op
        using errcode = 'insufficient_privilege';
    end;
    $$`.execute(db);
  await sql`
    create trigger audit_log_append_only
    before update or delete on audit_log
    for each row execute function audit_log_is_append_only()`.execute(db);
  await sql`
    create trigger audit_log_no_truncate
    before truncate on audit_log
    for each statement execute function audit_log_is_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await sql`drop function if exists audit_log_is_append_only()`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/** The hash before the first entry. */
export const AUDIT_CHAIN_GENESIS = '0'.repeat(64);

/**
 * The audit trail becomes a hash chain (ADR 083): each entry carries its place in the chain
 * (`chain_seq`), the hash of the entry before it (`prev_hash`) and its own `hash`, the SHA-256
 * of a canonical serialization of its columns and `prev_hash`. A BEFORE INSERT trigger fills
 * them under a transaction-scoped advisory lock, so concurrent inserts link one after the other
 * whatever the caller sends; the entries already written are chained here, in id order.
 *
 * The serialization is `audit_log_entry_hash`: a JSON array (jsonb's text form, which is
 * canonical: keys sorted, one spacing) of
 * [chain_seq, id, occurred_at as UTC ISO 8601 with microseconds, actor_id, actor_label, action,
 * entity_type, entity_id, before, after, reason, request_id, prev_hash], as UTF-8.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table audit_log
      add column chain_seq bigint,
      add column prev_hash text,
      add column hash text`.execute(db);

  await sql`
    create function audit_log_entry_hash(entry audit_log) returns text language sql stable as $$
      select encode(sha256(convert_to(jsonb_build_array(
        entry.chain_seq,
        entry.id,
        to_char(entry.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
        entry.actor_id,
        entry.actor_label,
        entry.action,
        entry.entity_type,
        entry.entity_id,
        entry.before,
        entry.after,
        entry.reason,
        entry.request_id,
        entry.prev_hash
      )::text, 'UTF8')), 'hex')
    $$`.execute(db);

  // Existing entries, oldest first. The append-only trigger is the owner's to lift, here only.
  await sql`alter table audit_log disable trigger audit_log_append_only`.execute(db);
  await sql`
    do $$
    declare
      entry record;
      previous text := ${sql.lit(AUDIT_CHAIN_GENESIS)};
      position bigint := 0;
    begin
      for entry in select id from audit_log order by id loop
        position := position + 1;
        update audit_log set chain_seq = position, prev_hash = previous where id = entry.id;
        update audit_log set hash = audit_log_entry_hash(audit_log) where id = entry.id returning hash into previous;
      end loop;
    end
    $$`.execute(db);
  await sql`alter table audit_log enable trigger audit_log_append_only`.execute(db);

  await sql`
    alter table audit_log
      alter column chain_seq set not null,
      alter column prev_hash set not null,
      alter column hash set not null`.execute(db);
  await sql`create unique index audit_log_chain_seq_idx on audit_log (chain_seq)`.execute(db);

  // The lock is per schema (the tests keep one portal per schema in one database); it is held to
  // the end of the inserting transaction, so the next insert reads a committed head.
  await sql`
    create function audit_log_chain() returns trigger language plpgsql set search_path from current as $$
    declare
      head record;
    begin
      perform pg_advisory_xact_lock(hashtext(tg_table_schema || '.audit_log.chain'));
      select chain_seq, hash into head from audit_log order by chain_seq desc limit 1;
      new.chain_seq := coalesce(head.chain_seq, 0) + 1;
      new.prev_hash := coalesce(head.hash, ${sql.lit(AUDIT_CHAIN_GENESIS)});
      new.hash := audit_log_entry_hash(new);
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger audit_log_chain before insert on audit_log
    for each row execute function audit_log_chain()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists audit_log_chain on audit_log`.execute(db);
  await sql`drop function if exists audit_log_chain()`.execute(db);
  await sql`drop function if exists audit_log_entry_hash(audit_log)`.execute(db);
  await sql`drop index if exists audit_log_chain_seq_idx`.execute(db);
  await sql`alter table audit_log drop column chain_seq, drop column prev_hash, drop column hash`.execute(db);
}

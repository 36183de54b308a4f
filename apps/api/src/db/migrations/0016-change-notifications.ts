import { type Kysely, sql } from 'kysely';

/**
 * Change notifications (ADR 047): every write to a table that a cached read depends on
 * announces itself on the `portal_changes` channel when its transaction commits, whoever
 * wrote it (an API instance, the CLI, the job queue, a person at psql). The payload names what
 * changed, after the schema of the table written and a bar: `user:<id>` for a portal user's own
 * row, roles and counties, and for everything the dashboard shows of the applications they own;
 * `providers` for the public directory and the reference lists its search reads; `*` (a
 * TRUNCATE) for everything. The schema keeps portals that share one database (the
 * test suite's schemas) from hearing each other. Identical notifications of one transaction are
 * sent once (PostgreSQL folds them).
 *
 * Triggers, not calls in the repositories: a write path added later cannot forget them.
 */
/** What a provider search reads: the directory, and the reference lists its county and language ids name. */
const DIRECTORY_TABLES = ['provider', 'provider_name_word', 'provider_name_vocabulary', 'lookup_item'];
/** The tables whose rows name a user: their row triggers say whose; a TRUNCATE of one resets. */
const ROW_TAGGED_TABLES = [
  'app_user',
  'user_role',
  'user_county',
  'application',
  'application_document',
  'rfi',
  'audit_log',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function portal_notify_user() returns trigger language plpgsql as $$
    begin
      -- Separate statements, not one expression: each reads a column only its own table has.
      if tg_table_name = 'app_user' then
        perform pg_notify('portal_changes', tg_table_schema || '|user:' || coalesce(new.id, old.id));
      else
        perform pg_notify('portal_changes', tg_table_schema || '|user:' || coalesce(new.user_id, old.user_id));
        -- A role or county moved to another user changes both.
        if tg_op = 'UPDATE' and new.user_id is distinct from old.user_id then
          perform pg_notify('portal_changes', tg_table_schema || '|user:' || old.user_id);
        end if;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create function portal_notify_application_owner() returns trigger language plpgsql as $$
    declare
      owner uuid;
      target bigint;
    begin
      if tg_table_name = 'application' then
        perform pg_notify('portal_changes', tg_table_schema || '|user:' || coalesce(new.owner_id, old.owner_id));
        if tg_op = 'UPDATE' and new.owner_id is distinct from old.owner_id then
          perform pg_notify('portal_changes', tg_table_schema || '|user:' || old.owner_id);
        end if;
        return null;
      end if;
      if tg_table_name = 'audit_log' then
        if new.entity_id !~ '^[0-9]{1,18}$' then return null; end if;
        target := new.entity_id::bigint;
      else
        target := coalesce(new.application_id, old.application_id);
        -- A document or RFI moved to another application changes the old one's owner too.
        if tg_op = 'UPDATE' and new.application_id is distinct from old.application_id then
          select a.owner_id into owner from application a where a.id = old.application_id;
          if owner is not null then
            perform pg_notify('portal_changes', tg_table_schema || '|user:' || owner);
          end if;
        end if;
      end if;
      select a.owner_id into owner from application a where a.id = target;
      if owner is not null then
        perform pg_notify('portal_changes', tg_table_schema || '|user:' || owner);
      end if;
      return null;
    end $$`.execute(db);
  // A tag of its own for the whole statement: `providers`, or `*` for a TRUNCATE (which names
  // no rows: everything a process remembers of the schema goes).
  await sql`
    create function portal_notify_tag() returns trigger language plpgsql as $$
    begin
      perform pg_notify('portal_changes', tg_table_schema || '|' || tg_argv[0]);
      return null;
    end $$`.execute(db);

  for (const table of ['app_user', 'user_role', 'user_county']) {
    await sql`
      create trigger ${sql.id(`${table}_notify_change`)}
      after insert or update or delete on ${sql.table(table)}
      for each row execute function portal_notify_user()`.execute(db);
  }
  for (const table of ['application', 'application_document', 'rfi']) {
    await sql`
      create trigger ${sql.id(`${table}_notify_change`)}
      after insert or update or delete on ${sql.table(table)}
      for each row execute function portal_notify_application_owner()`.execute(db);
  }
  for (const table of ROW_TAGGED_TABLES) {
    await sql`
      create trigger ${sql.id(`${table}_notify_truncate`)}
      after truncate on ${sql.table(table)}
      for each statement execute function portal_notify_tag('*')`.execute(db);
  }
  // The audit trail is append-only; the dashboard reads an application's status history from it.
  await sql`
    create trigger audit_log_notify_change
    after insert on audit_log
    for each row when (new.entity_type = 'application')
    execute function portal_notify_application_owner()`.execute(db);
  for (const table of DIRECTORY_TABLES) {
    await sql`
      create trigger ${sql.id(`${table}_notify_change`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function portal_notify_tag('providers')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ROW_TAGGED_TABLES) {
    await sql`drop trigger if exists ${sql.id(`${table}_notify_change`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger if exists ${sql.id(`${table}_notify_truncate`)} on ${sql.table(table)}`.execute(db);
  }
  for (const table of DIRECTORY_TABLES) {
    await sql`drop trigger if exists ${sql.id(`${table}_notify_change`)} on ${sql.table(table)}`.execute(db);
  }
  for (const fn of ['portal_notify_tag', 'portal_notify_application_owner', 'portal_notify_user']) {
    await sql`drop function if exists ${sql.id(fn)}()`.execute(db);
  }
}

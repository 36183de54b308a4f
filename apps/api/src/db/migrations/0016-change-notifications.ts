import { type Kysely, sql } from 'kysely';

/**
 * Change notifications (ADR 047): every write to a table that a cached read depends on
 * announces itself on the `portal_changes` channel when its transaction commits, whoever
 * wrote it (an API instance, the CLI, the job queue, a person at psql). The payload names what
 * changed, after the schema of the table written and a bar: `user:<id>` for a portal user's own
 * row, roles and counties, and for everything the dashboard shows of the applications they own;
 * `providers` for the public directory. The schema keeps portals that share one database (the
 * test suite's schemas) from hearing each other. Identical notifications of one transaction are
 * sent once (PostgreSQL folds them).
 *
 * Triggers, not calls in the repositories: a write path added later cannot forget them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function portal_notify_user() returns trigger language plpgsql as $$
    begin
      -- Separate statements, not one expression: each reads a column only its own table has.
      if tg_table_name = 'app_user' then
        perform pg_notify('portal_changes', tg_table_schema || '|user:' || coalesce(new.id, old.id));
      else
        perform pg_notify('portal_changes', tg_table_schema || '|user:' || coalesce(new.user_id, old.user_id));
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
      end if;
      select a.owner_id into owner from application a where a.id = target;
      if owner is not null then
        perform pg_notify('portal_changes', tg_table_schema || '|user:' || owner);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create function portal_notify_providers() returns trigger language plpgsql as $$
    begin
      perform pg_notify('portal_changes', tg_table_schema || '|providers');
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
  // The audit trail is append-only; the dashboard reads an application's status history from it.
  await sql`
    create trigger audit_log_notify_change
    after insert on audit_log
    for each row when (new.entity_type = 'application')
    execute function portal_notify_application_owner()`.execute(db);
  for (const table of ['provider', 'provider_name_word', 'provider_name_vocabulary']) {
    await sql`
      create trigger ${sql.id(`${table}_notify_change`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function portal_notify_providers()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'app_user',
    'user_role',
    'user_county',
    'application',
    'application_document',
    'rfi',
    'audit_log',
  ]) {
    await sql`drop trigger ${sql.id(`${table}_notify_change`)} on ${sql.table(table)}`.execute(db);
  }
  for (const table of ['provider', 'provider_name_word', 'provider_name_vocabulary']) {
    await sql`drop trigger ${sql.id(`${table}_notify_change`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function portal_notify_providers()`.execute(db);
  await sql`drop function portal_notify_application_owner()`.execute(db);
  await sql`drop function portal_notify_user()`.execute(db);
}

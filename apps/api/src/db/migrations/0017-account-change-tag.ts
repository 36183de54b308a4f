import { type Kysely, sql } from 'kysely';

/**
 * A portal user's own row, roles and counties announce `account:<id>` (ADR 048); `user:<id>`
 * is left to what they own (their applications, documents, RFIs and application audit rows,
 * migration 0016). The two are read by different caches: the signed-in user by every call,
 * the dashboard by the applicant. One tag for both made an upload or a decision forget the
 * owner's remembered user, and every `last_seen_at` refresh or role change their dashboard.
 *
 * The function is 0016's with the tag as its only difference; `down` puts 0016's back.
 */
const notifyUserFunction = (tag: 'account' | 'user') => {
  const prefix = sql.lit(`|${tag}:`);
  return sql`
    create or replace function portal_notify_user() returns trigger language plpgsql as $$
    begin
      -- Separate statements, not one expression: each reads a column only its own table has.
      if tg_table_name = 'app_user' then
        perform pg_notify('portal_changes', tg_table_schema || ${prefix} || coalesce(new.id, old.id));
      else
        perform pg_notify('portal_changes', tg_table_schema || ${prefix} || coalesce(new.user_id, old.user_id));
        -- A role or county moved to another user changes both.
        if tg_op = 'UPDATE' and new.user_id is distinct from old.user_id then
          perform pg_notify('portal_changes', tg_table_schema || ${prefix} || old.user_id);
        end if;
      end if;
      return null;
    end $$`;
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await notifyUserFunction('account').execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await notifyUserFunction('user').execute(db);
}

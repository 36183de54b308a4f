import { type Kysely, sql } from 'kysely';

/**
 * The role the portal serves as when one login (DATABASE_URL alone, or the embedded PGlite) is
 * the owner's: made by the owner, without a login, and taken by each connection (ADR 082).
 */
export const RUNTIME_ROLE = 'ccap_runtime';

/** A role name as the owner's SQL may name it. */
const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertRoleName(role: string): string {
  if (!ROLE_NAME.test(role)) {
    throw new Error(`"${role}" is not usable as the runtime role: lower-case letters, digits and _ only.`);
  }
  return role;
}

/**
 * The runtime role, made if missing (a NOLOGIN role: no one signs in as it), and the owner made a
 * member of it so that its connections may take it. Several instances may start at once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- catalog statements, no table types
export async function ensureRuntimeRole(db: Kysely<any>, role: string): Promise<void> {
  const name = assertRoleName(role);
  await sql`
    do $$
    begin
      if not exists (select from pg_roles where rolname = ${sql.lit(name)}) then
        create role ${sql.id(name)} nologin;
      end if;
    exception when duplicate_object or unique_violation then
      null;
    end
    $$`.execute(db);
  const member = await sql<{ member: boolean }>`select pg_has_role(current_user, ${name}, 'member') as member`.execute(
    db,
  );
  if (!member.rows[0]?.member) await sql`grant ${sql.id(name)} to current_user`.execute(db);
}

/**
 * What the runtime role may do, given again after every migration run (so a table a migration
 * adds is covered): read and write the portal's tables, except the audit trail, which it may
 * only append to and read; use pg-boss's tables; nothing on the migration bookkeeping. It owns
 * nothing, so it can neither alter a table, nor disable a trigger, nor truncate.
 */
export async function grantRuntimeRole(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- catalog statements, no table types
  db: Kysely<any>,
  role: string,
  options: { jobSchema?: string } = {},
): Promise<void> {
  const runtime = sql.id(assertRoleName(role));
  const current = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = current.rows[0]!.schema;
  const owned = await sql<{ tables: number }>`
    select count(*)::int as tables from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.relowner = (select oid from pg_roles where rolname = ${role})`.execute(db);
  if ((owned.rows[0]?.tables ?? 0) > 0) {
    throw new Error(
      `The runtime role ${role} owns tables in schema ${schema}: it must own nothing. ` +
        'Give them to the owner role (REASSIGN OWNED BY runtime TO owner, see docs/operations.md).',
    );
  }
  await sql`grant usage on schema ${sql.id(schema)} to ${runtime}`.execute(db);
  await sql`grant select, insert, update, delete on all tables in schema ${sql.id(schema)} to ${runtime}`.execute(db);
  await sql`grant usage, select on all sequences in schema ${sql.id(schema)} to ${runtime}`.execute(db);
  await sql`revoke update, delete, truncate on ${sql.id(schema, 'audit_log')} from ${runtime}`.execute(db);
  const bookkeeping = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = ${schema} and tablename like 'kysely\\_migration%'`.execute(
    db,
  );
  for (const { name } of bookkeeping.rows) {
    await sql`revoke all on ${sql.id(schema, name)} from ${runtime}`.execute(db);
  }
  if (options.jobSchema) {
    const jobs = sql.id(options.jobSchema);
    await sql`grant usage on schema ${jobs} to ${runtime}`.execute(db);
    await sql`grant select, insert, update, delete on all tables in schema ${jobs} to ${runtime}`.execute(db);
    await sql`grant usage, select on all sequences in schema ${jobs} to ${runtime}`.execute(db);
  }
}

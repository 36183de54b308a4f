import { type Kysely, sql } from 'kysely';
import * as m0016 from './0016-change-notifications';
import * as m0017 from './0017-account-change-tag';

/**
 * No process listens for change notifications any more (ADR 056): the triggers of migration
 * 0016 and the functions they call (0017 only redefined `portal_notify_user`) go, so no write
 * pays for a `pg_notify` nobody hears.
 *
 * Down makes them again as 0016 and 0017 left them.
 */
const TRIGGERS: [table: string, trigger: string][] = [
  ...['app_user', 'user_role', 'user_county', 'application', 'application_document', 'rfi', 'audit_log'].flatMap(
    (table): [string, string][] => [
      [table, `${table}_notify_change`],
      [table, `${table}_notify_truncate`],
    ],
  ),
  ...['provider', 'provider_name_word', 'provider_name_vocabulary', 'lookup_item'].map((table): [string, string] => [
    table,
    `${table}_notify_change`,
  ]),
];
const FUNCTIONS = ['portal_notify_tag', 'portal_notify_application_owner', 'portal_notify_user'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, trigger] of TRIGGERS) {
    await sql`drop trigger if exists ${sql.id(trigger)} on ${sql.table(table)}`.execute(db);
  }
  for (const name of FUNCTIONS) {
    await sql`drop function if exists ${sql.id(name)}()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await m0016.up(db);
  await m0017.up(db);
}

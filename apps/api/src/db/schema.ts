import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/**
 * The database as Kysely sees it. Each table's interface sits beside the migration that
 * creates it; this file only assembles them.
 */
export interface AuditLogTable {
  id: Generated<number>;
  occurred_at: ColumnType<Date, never, never>;
  actor_id: string | null;
  actor_label: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: JSONColumnType<Record<string, unknown> | null, string | null, never>;
  after: JSONColumnType<Record<string, unknown> | null, string | null, never>;
  reason: string | null;
  request_id: string | null;
}

export interface DB {
  audit_log: AuditLogTable;
}

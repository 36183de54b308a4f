import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

export interface AuditEntry {
  actorId: string | null;
  actorLabel: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
  requestId?: string | null;
}

/** Appends to the audit trail; the database refuses to change or remove what is written. */
export function createAuditRepository(db: Kysely<DB>) {
  return {
    async record(entry: AuditEntry, trx: Kysely<DB> | Transaction<DB> = db) {
      await trx
        .insertInto('audit_log')
        .values({
          actor_id: entry.actorId,
          actor_label: entry.actorLabel,
          action: entry.action,
          entity_type: entry.entityType,
          entity_id: entry.entityId,
          before: entry.before ? JSON.stringify(entry.before) : null,
          after: entry.after ? JSON.stringify(entry.after) : null,
          reason: entry.reason ?? null,
          request_id: entry.requestId ?? null,
        })
        .execute();
    },

    async forEntity(entityType: string, entityId: string) {
      return db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity_type', '=', entityType)
        .where('entity_id', '=', entityId)
        .orderBy('id')
        .execute();
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;

import type { AuditEntry } from '@ccap/contracts';
import type { AuditRow } from './audit.repository';

/** An audit row as the review page's trail and the audit search show it. */
export const toAuditEntry = (row: AuditRow): AuditEntry => ({
  id: Number(row.id),
  occurredAt: row.occurred_at.toISOString(),
  actorId: row.actor_id,
  actorLabel: row.actor_label,
  action: row.action,
  entityType: row.entity_type,
  entityId: row.entity_id,
  before: row.before,
  after: row.after,
  reason: row.reason,
});

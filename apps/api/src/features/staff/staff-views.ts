import type { AuditEntry, StaffDocument } from '@ccap/contracts';
import { type DocumentRow, toRequiredDocument } from '../documents/documents.repository';
import type { AuditRow } from './staff.repository';

export const toStaffDocument = (row: DocumentRow): StaffDocument => ({
  ...toRequiredDocument(row),
  waiveReason: row.waive_reason,
  requestedByStaff: row.requested_by !== null,
});

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

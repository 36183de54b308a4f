import type { StaffDocument } from '@ccap/contracts';
import { type DocumentRow, toRequiredDocument } from '../documents/documents.repository';

export const toStaffDocument = (row: DocumentRow): StaffDocument => ({
  ...toRequiredDocument(row),
  waiveReason: row.waive_reason,
  requestedByStaff: row.requested_by !== null,
});

/** The staff member working the application, from its row joined with theirs. */
export const assigneeOf = (row: { assignee_id: string | null; assignee_name: string | null }) =>
  row.assignee_id ? { id: row.assignee_id, name: row.assignee_name ?? '' } : null;

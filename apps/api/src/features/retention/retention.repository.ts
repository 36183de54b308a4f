import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { AuditRepository } from '../audit/audit.repository';

/** Applications deleted a transaction at a time. */
const BATCH = 100;

/** What one batch removed: its rows, and the stored files the rows named (to delete after commit). */
export interface RemovedBatch {
  rows: number;
  blobKeys: string[];
}

/** Where the portal's notices about an application lead (their links): they go with it. */
const applicationLinks = (id: number) => [`/documents/${id}`, `/rfi-v1/${id}`, `/staff/applications/${id}`];

/**
 * The deletions of the retention sweep (ADR 096). Each batch is one transaction of the runtime
 * role's grants (DELETE on the portal's tables, never on `audit_log`): the rows and everything
 * naming them go together, or nothing does. Stored files are deleted by the caller once the rows
 * are gone; a crash between leaves files no row names, which the orphan sweep removes.
 */
export function createRetentionRepository(db: Kysely<DB>, audit: AuditRepository) {
  return {
    /**
     * Up to one batch of denied or withdrawn applications decided or withdrawn before `before`,
     * with their documents, RFIs and their files, and their notices. Only these two statuses
     * are ever touched: the statement says so again under the rows' locks.
     */
    async deleteClosedApplications(before: Date): Promise<RemovedBatch> {
      return db.transaction().execute(async (trx) => {
        // The application rows first, as every write to an application locks them (ADR 079).
        const closedAt = sql<Date>`coalesce(case application.status when 'denied' then application.decided_at else application.withdrawn_at end, application.updated_at)`;
        const rows = await trx
          .selectFrom('application')
          .select('id')
          .where('status', 'in', ['denied', 'withdrawn'])
          .where(closedAt, '<', before)
          .orderBy('id')
          .limit(BATCH)
          .forUpdate()
          .skipLocked()
          .execute();
        const ids = rows.map((row) => Number(row.id));
        if (ids.length === 0) return { rows: 0, blobKeys: [] };
        const documents = await trx
          .selectFrom('application_document')
          .select('blob_key')
          .where('application_id', 'in', ids)
          .where('blob_key', 'is not', null)
          .execute();
        const rfiFiles = await trx
          .selectFrom('rfi_document')
          .innerJoin('rfi', 'rfi.id', 'rfi_document.rfi_id')
          .select('rfi_document.blob_key')
          .where('rfi.application_id', 'in', ids)
          .execute();
        await trx.deleteFrom('message').where('application_id', 'in', ids).execute();
        await trx.deleteFrom('notification').where('link', 'in', ids.flatMap(applicationLinks)).execute();
        // Documents, RFIs and RFI files go with their application (foreign keys on delete cascade).
        const deleted = await trx
          .deleteFrom('application')
          .where('id', 'in', ids)
          .where('status', 'in', ['denied', 'withdrawn'])
          .executeTakeFirst();
        return {
          rows: Number(deleted.numDeletedRows),
          blobKeys: [...documents.map((row) => row.blob_key!), ...rfiFiles.map((row) => row.blob_key)],
        };
      });
    },

    /** Up to one batch of drafts nobody changed since `before`, with the reminders that lead to them. */
    async deleteAbandonedDrafts(before: Date): Promise<RemovedBatch> {
      return db.transaction().execute(async (trx) => {
        const drafts = await trx
          .selectFrom('draft_application')
          .select(['id', 'provider_type'])
          .where('updated_at', '<', before)
          .orderBy('id')
          .limit(BATCH)
          .forUpdate()
          .skipLocked()
          .execute();
        if (drafts.length === 0) return { rows: 0, blobKeys: [] };
        const links = drafts.map(
          (draft) => `/registeredapplication/registration/${draft.provider_type}?draft=${draft.id}`,
        );
        await trx.deleteFrom('notification').where('link', 'in', links).execute();
        for (const link of links) {
          await trx
            .deleteFrom('message')
            .where(sql<boolean>`links @> ${JSON.stringify([{ href: link }])}::jsonb`)
            .execute();
        }
        const deleted = await trx
          .deleteFrom('draft_application')
          .where(
            'id',
            'in',
            drafts.map((draft) => draft.id),
          )
          .where('updated_at', '<', before)
          .executeTakeFirst();
        return { rows: Number(deleted.numDeletedRows), blobKeys: [] };
      });
    },

    /** Failed sign-in counts whose last failure is before `before` (ADR 095: a day on, forgotten). */
    async deleteForgottenSignInCounts(before: Date): Promise<RemovedBatch> {
      const deleted = await db
        .deleteFrom('idp_sign_in_throttle')
        .where('last_failed_at', '<', before)
        .executeTakeFirst();
      return { rows: Number(deleted.numDeletedRows), blobKeys: [] };
    },

    /** Whether a sweep was recorded on this day (UTC, `YYYY-MM-DD`). */
    async sweptOn(day: string): Promise<boolean> {
      const row = await db
        .selectFrom('audit_log')
        .select('id')
        .where('entity_type', '=', 'retention')
        .where('entity_id', '=', day)
        .where('action', '=', 'retention.sweep')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The sweep's one audit entry: what it deleted, counted per kind (never what it was). */
    async recordSweep(day: string, after: { counts: Record<string, number>; files: number }): Promise<void> {
      await db.transaction().execute((trx) =>
        audit.recordChange(trx, {
          actor: { id: null, label: 'retention' },
          action: 'retention.sweep',
          entity: { type: 'retention', id: day },
          after,
        }),
      );
    },
  };
}
export type RetentionRepository = ReturnType<typeof createRetentionRepository>;

import { EXPORT_DOWNLOAD_HOURS, type ExportItem } from '@ccap/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { DB, ExportJobTable } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { AuditRepository } from '../audit/audit.repository';
import type { StaffScope } from '../staff/staff-scope';

export type ExportRow = Selectable<ExportJobTable>;

const HOUR_MS = 3_600_000;
/** A running export not finished after this long belongs to a dead worker: it is claimed again. */
export const EXPORT_STALE_MS = 30 * 60_000;
/** Expired exports deleted a transaction at a time by the retention sweep. */
const RETENTION_BATCH = 100;

/** What a new export is: the request as checked, and how many rows it matched when asked for. */
export interface NewExport {
  kind: 'application' | 'change';
  filters: Record<string, unknown>;
  columns: string[];
  format: 'xlsx' | 'csv';
  deIdentified: boolean;
  totalRows: number;
}

/** Who asked, as a change records its actor. */
export interface ExportActor {
  id: string;
  label: string;
  requestId: string;
}

/** The stored file's key: built here, never from the caller. */
export const exportBlobKey = (id: number, format: string) => `exports/${id}.${format}`;

/**
 * The exports' rows (ADR 110): asked for by a member of staff, claimed and written by the job,
 * downloaded by their requester for 24 hours, deleted by the retention sweep. Every change is
 * audited; the notices of a ready or failed export go with the row's change.
 */
export function createExportsRepository(db: Kysely<DB>, audit: AuditRepository, clock: Clock) {
  const toItem = (row: ExportRow, now: Date): ExportItem => {
    const downloadable = row.status === 'ready' && row.expires_at !== null && row.expires_at > now;
    return {
      id: Number(row.id),
      kind: row.kind,
      format: row.format,
      columns: row.columns,
      deIdentified: row.de_identified,
      status: row.status,
      rowsWritten: row.rows_written,
      totalRows: row.total_rows,
      createdAt: row.created_at.toISOString(),
      finishedAt: row.finished_at?.toISOString() ?? null,
      expiresAt: row.expires_at?.toISOString() ?? null,
      downloadUrl: downloadable ? `/api/Staff/exports/${row.id}/file` : null,
    };
  };

  return {
    toItem,

    /** Records a new export, queued, with its audit entry (who, filters, columns, row count). */
    async create(actor: ExportActor, request: NewExport): Promise<ExportRow> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('export_job')
          .values({
            requested_by: actor.id,
            kind: request.kind,
            filters: JSON.stringify(request.filters),
            columns: JSON.stringify(request.columns),
            format: request.format,
            de_identified: request.deIdentified,
            total_rows: request.totalRows,
            created_at: clock.now(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit.recordChange(trx, {
          actor,
          action: 'export.create',
          entity: { type: 'export', id: row.id },
          after: {
            kind: request.kind,
            filters: request.filters,
            columns: request.columns,
            format: request.format,
            deIdentified: request.deIdentified,
            rowCount: request.totalRows,
          },
        });
        return row;
      });
    },

    /** The caller's exports, newest first. */
    async listFor(userId: string, limit = 50): Promise<ExportItem[]> {
      const rows = await db
        .selectFrom('export_job')
        .selectAll()
        .where('requested_by', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      const now = clock.now();
      return rows.map((row) => toItem(row, now));
    },

    /** One export of the caller's; undefined for anyone else's (answered as not found). */
    async ofRequester(id: number, userId: string): Promise<ExportRow | undefined> {
      return db
        .selectFrom('export_job')
        .selectAll()
        .where('id', '=', id)
        .where('requested_by', '=', userId)
        .executeTakeFirst();
    },

    /** Whether a ready export can still be downloaded: within 24 hours of being ready. */
    downloadable(row: ExportRow): boolean {
      return row.status === 'ready' && row.blob_key !== null && row.expires_at !== null && row.expires_at > clock.now();
    },

    /**
     * Takes the oldest queued export (or one left running by a dead worker) for this worker: one
     * statement, `skip locked`, so two instances never take the same.
     */
    async claimNext(): Promise<ExportRow | undefined> {
      const stale = new Date(clock.now().getTime() - EXPORT_STALE_MS);
      return db
        .updateTable('export_job')
        .set({ status: 'running', started_at: clock.now(), rows_written: 0 })
        .where(
          'id',
          '=',
          db
            .selectFrom('export_job')
            .select('id')
            .where((eb) =>
              eb.or([
                eb('status', '=', 'queued'),
                eb.and([eb('status', '=', 'running'), eb('started_at', '<', stale)]),
              ]),
            )
            .orderBy('id')
            .limit(1)
            .forUpdate()
            .skipLocked(),
        )
        .returningAll()
        .executeTakeFirst();
    },

    /** Rows written so far, for the requester's progress bar. */
    async progress(id: number, rowsWritten: number): Promise<void> {
      await db.updateTable('export_job').set({ rows_written: rowsWritten }).where('id', '=', id).execute();
    },

    /** The file is stored: the export is ready for 24 hours; its requester is told. */
    async finish(row: ExportRow, blobKey: string, rowsWritten: number): Promise<void> {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('export_job')
          .set({
            status: 'ready',
            blob_key: blobKey,
            rows_written: rowsWritten,
            finished_at: now,
            expires_at: new Date(now.getTime() + EXPORT_DOWNLOAD_HOURS * HOUR_MS),
          })
          .where('id', '=', row.id)
          .execute();
        await audit.recordChange(trx, {
          actor: { id: null, label: 'exports' },
          action: 'export.ready',
          entity: { type: 'export', id: row.id },
          after: { rowCount: rowsWritten },
          notify: [
            {
              userId: row.requested_by,
              event: 'exportReady',
              values: { export: Number(row.id), rows: rowsWritten, hours: EXPORT_DOWNLOAD_HOURS },
              links: [{ kind: 'export', href: '/staff/exports' }],
            },
          ],
        });
      });
    },

    /** The export failed (no file was stored): its requester is told, and why in the audit entry. */
    async fail(row: ExportRow, reason: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('export_job')
          .set({ status: 'failed', finished_at: clock.now() })
          .where('id', '=', row.id)
          .execute();
        await audit.recordChange(trx, {
          actor: { id: null, label: 'exports' },
          action: 'export.failed',
          entity: { type: 'export', id: row.id },
          reason: reason.slice(0, 500),
          notify: [
            {
              userId: row.requested_by,
              event: 'exportReady',
              template: 'exportFailed',
              values: { export: Number(row.id) },
              links: [{ kind: 'export', href: '/staff/exports' }],
            },
          ],
        });
      });
    },

    /** The requester's scope as it is now (roles and counties may have changed since they asked). */
    async scopeOf(userId: string): Promise<StaffScope | undefined> {
      const [roles, counties] = await Promise.all([
        db.selectFrom('user_role').select('role').where('user_id', '=', userId).execute(),
        db.selectFrom('user_county').select('county').where('user_id', '=', userId).execute(),
      ]);
      if (roles.length === 0) return undefined;
      return {
        userId,
        allCounties: roles.some((row) => row.role === 'administrator'),
        counties: counties.map((row) => row.county),
      };
    },

    /** The requester's preferred language (the export's column headings). */
    async languageOf(userId: string): Promise<string> {
      const row = await db
        .selectFrom('app_user')
        .select('preferred_language')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.preferred_language ?? 'en';
    },

    /** Retention (ADR 096): up to one batch of exports asked for before `before`, with their files. */
    async deleteExpired(before: Date) {
      const rows = await db
        .deleteFrom('export_job')
        .where(
          'id',
          'in',
          db
            .selectFrom('export_job')
            .select('id')
            .where('created_at', '<', before)
            .where('status', 'in', ['ready', 'failed'])
            .orderBy('id')
            .limit(RETENTION_BATCH),
        )
        .returning('blob_key')
        .execute();
      return {
        rows: rows.length,
        blobKeys: rows.flatMap((row) => (row.blob_key === null ? [] : [row.blob_key])),
      };
    },

    /** Staff reads: a download, audited as a read (ADR 084). */
    async recordDownload(reader: ExportActor, row: ExportRow): Promise<void> {
      await db
        .insertInto('audit_log')
        .values({
          actor_id: reader.id,
          actor_label: reader.label,
          action: 'export.read',
          entity_type: 'export',
          entity_id: String(row.id),
          after: JSON.stringify({ rowCount: row.rows_written, format: row.format }),
          request_id: reader.requestId,
        })
        .execute();
    },
  };
}
export type ExportsRepository = ReturnType<typeof createExportsRepository>;

import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { ApplicationTable, DB } from '../../db/schema';

/** A timestamptz as PostgreSQL's text, turned into a Date exactly as pg does for a column. */
const parseTimestamptz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => Date;

interface OverviewRow {
  id: number;
  provider_type: string;
  provider_name: string;
  status: ApplicationTable['status'];
  submitted_at: Date;
  missing: { id: number; code: string; document_name: string; description: string }[];
  history: { occurred_at: string; reason: string | null; status: string }[];
  open_rfi_count: number;
}

/**
 * The user's latest application with the documents it still needs, its status history
 * (oldest first) and its RFIs still waiting for an answer (pending, not answered yet: one
 * the applicant answered waits for staff, not for them), in one round trip: the same reads as
 * the dashboard made one by one before (latest = highest id; missing = required, not waived,
 * no file yet; history = every status the audit trail recorded), as subqueries.
 */
async function readOverview(db: Kysely<DB>, ownerId: string) {
  const { rows } = await sql<OverviewRow>`
    select a.id, a.provider_type, a.provider_name, a.status, a.submitted_at,
      coalesce((
        select json_agg(json_build_object('id', d.id, 'code', d.code, 'document_name', d.document_name,
                                          'description', d.description) order by d.id)
        from application_document d
        where d.application_id = a.id and d.is_required = true and d.is_waived = false and d.blob_key is null
      ), '[]') as missing,
      coalesce((
        select json_agg(json_build_object('occurred_at', l.occurred_at::text, 'reason', l.reason,
                                          'status', l.after->>'status') order by l.id)
        from audit_log l
        where l.entity_type = 'application' and l.entity_id = a.id::text and l.after ? 'status'
      ), '[]') as history,
      (select count(*) from rfi r
        where r.application_id = a.id and r.status = 'pending' and r.responded_at is null) as open_rfi_count
    from application a
    where a.owner_id = ${ownerId}
    order by a.id desc
    limit 1`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return {
    application: {
      id: row.id,
      provider_type: row.provider_type,
      provider_name: row.provider_name,
      status: row.status,
      submitted_at: row.submitted_at,
    },
    missing: row.missing,
    history: row.history.map((entry) => ({ ...entry, occurred_at: parseTimestamptz(entry.occurred_at) })),
    openRfiCount: Number(row.open_rfi_count),
  };
}

export type DashboardOverview = NonNullable<Awaited<ReturnType<typeof readOverview>>>;

/** What the dashboard shows of a user's latest application: reads only. */
export function createDashboardRepository(db: Kysely<DB>) {
  return {
    overviewOf: (ownerId: string) => readOverview(db, ownerId),
    /** Whose a submitted application is (undefined when there is none by that id). */
    async ownerOf(applicationId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('application')
        .select('owner_id')
        .where('id', '=', applicationId)
        .executeTakeFirst();
      return row?.owner_id;
    },
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;

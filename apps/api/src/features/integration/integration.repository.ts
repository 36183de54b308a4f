import {
  type IntegrationApplication,
  type IntegrationApplicationsQuery,
  type IntegrationChangesQuery,
  type IntegrationRecord,
  type IntegrationRecordsQuery,
  licenseNumberOf,
  maskProtectedFields,
  type ProviderType,
  submittedStatusSchema,
} from '@ccap/contracts';
import { type Kysely, sql } from 'kysely';
import type { FieldCipher } from '../../crypto/field-cipher';
import type { DB } from '../../db/schema';
import { storedApplication } from '../application/stored-application';
import { type Position } from './cursor';

/** A page of rows and the position of its last row, when another page may follow. */
export interface Page<T> {
  rows: T[];
  last: Position | null;
}

const parseTime = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/**
 * What the integration API reads (ADR 112): keyset pages in an order that stays stable while rows
 * change: records and applications by id; the changes feed by (transaction, sequence), only up to
 * the oldest transaction still running. Protected answers leave masked.
 */
export function createIntegrationRepository(db: Kysely<DB>, cipher: FieldCipher) {
  const recordsBase = (counties: string[], query: Pick<IntegrationRecordsQuery, 'providerType' | 'status'>) => {
    let base = db
      .selectFrom('provider_record as r')
      .innerJoin('provider_record_version as v', (join) =>
        join.onRef('v.record_id', '=', 'r.id').on('v.valid_to', 'is', null),
      )
      .innerJoin('application as a', 'a.id', 'r.application_id')
      .select([
        'r.id',
        'r.application_id',
        'r.status',
        'r.county',
        'a.provider_type',
        sql<string>`to_char(r.ends_on, 'YYYY-MM-DD')`.as('ends_on'),
        'r.changed_at',
        'r.change_xid',
        'r.change_seq',
        'v.id as version_id',
        'v.version',
        sql<string>`to_char(v.valid_from, 'YYYY-MM-DD')`.as('valid_from'),
        'v.application_json',
        'v.data_key',
      ])
      .where('r.county', 'in', counties);
    if (query.providerType) base = base.where('a.provider_type', '=', query.providerType);
    if (query.status) base = base.where('r.status', '=', query.status);
    return base;
  };
  type RecordRow = Awaited<ReturnType<ReturnType<typeof recordsBase>['execute']>>[number];

  const toRecord = async (row: RecordRow): Promise<IntegrationRecord> => {
    const opened = await cipher.open('provider_record_version', row.version_id, row.application_json, row.data_key);
    return {
      applicationId: row.application_id,
      licenseNumber: licenseNumberOf(row.application_id),
      status: row.status,
      county: row.county,
      providerType: row.provider_type as ProviderType,
      endsOn: row.ends_on,
      version: row.version,
      validFrom: row.valid_from,
      changedAt: parseTime(row.changed_at).toISOString(),
      answers: maskProtectedFields(storedApplication(opened, row.application_id)),
    };
  };

  return {
    /** The current records in the counties, by id after `after`. */
    async records(counties: string[], query: IntegrationRecordsQuery, after: number): Promise<Page<IntegrationRecord>> {
      let base = recordsBase(counties, query).where('r.id', '>', after);
      if (query.updatedSince) base = base.where('r.changed_at', '>=', new Date(query.updatedSince));
      const rows = await base.orderBy('r.id').limit(query.limit).execute();
      const last = rows.at(-1);
      return {
        rows: await Promise.all(rows.map(toRecord)),
        last: last && rows.length === query.limit ? { k: 'records', id: Number(last.id) } : null,
      };
    },

    /**
     * The records changed after a position (or since a moment), each once at its latest change,
     * oldest change first. Changes of transactions older than every one still running only: one
     * committing later cannot take a place before a position already answered.
     */
    async changes(
      counties: string[],
      query: IntegrationChangesQuery,
      after: { x: string; s: string } | null,
    ): Promise<Page<IntegrationRecord>> {
      let base = recordsBase(counties, query).where(
        sql<boolean>`r.change_xid < pg_snapshot_xmin(pg_current_snapshot())`,
      );
      if (after) base = base.where(sql<boolean>`(r.change_xid, r.change_seq) > (${after.x}::xid8, ${after.s}::bigint)`);
      if (query.since) base = base.where('r.changed_at', '>=', new Date(query.since));
      const rows = await base.orderBy('r.change_xid').orderBy('r.change_seq').limit(query.limit).execute();
      const last = rows.at(-1);
      return {
        rows: await Promise.all(rows.map(toRecord)),
        last: last ? { k: 'changes', x: String(last.change_xid), s: String(last.change_seq) } : null,
      };
    },

    /** Submitted applications in the counties by id after `after`, each with its status history. */
    async applications(
      counties: string[],
      query: IntegrationApplicationsQuery,
      after: number,
    ): Promise<Page<IntegrationApplication>> {
      let base = db
        .selectFrom('application as a')
        .select([
          'a.id',
          'a.provider_type',
          'a.provider_name',
          'a.county',
          'a.status',
          'a.submitted_at',
          'a.decided_at',
          'a.updated_at',
          sql<{ status: string; occurred_at: string; reason: string | null }[]>`coalesce((
            select json_agg(json_build_object('status', l.after->>'status', 'occurred_at', l.occurred_at,
                                              'reason', l.reason) order by l.id)
            from audit_log l
            where l.entity_type = 'application' and l.entity_id = a.id::text and l.after ? 'status'
          ), '[]')`.as('history'),
        ])
        .where('a.county', 'in', counties)
        .where('a.id', '>', after);
      if (query.providerType) base = base.where('a.provider_type', '=', query.providerType);
      if (query.status) base = base.where('a.status', '=', query.status);
      if (query.updatedSince) base = base.where('a.updated_at', '>=', new Date(query.updatedSince));
      const rows = await base.orderBy('a.id').limit(query.limit).execute();
      const last = rows.at(-1);
      return {
        rows: rows.map((row) => ({
          applicationId: row.id,
          providerType: row.provider_type as ProviderType,
          providerName: row.provider_name,
          county: row.county,
          status: row.status,
          submittedAt: row.submitted_at.toISOString(),
          decidedAt: row.decided_at?.toISOString() ?? null,
          updatedAt: row.updated_at.toISOString(),
          statusHistory: row.history.flatMap((entry) => {
            const status = submittedStatusSchema.safeParse(entry.status);
            return status.success
              ? [{ status: status.data, changedAt: parseTime(entry.occurred_at).toISOString(), reason: entry.reason }]
              : [];
          }),
        })),
        last: last && rows.length === query.limit ? { k: 'applications', id: Number(last.id) } : null,
      };
    },
  };
}
export type IntegrationRepository = ReturnType<typeof createIntegrationRepository>;

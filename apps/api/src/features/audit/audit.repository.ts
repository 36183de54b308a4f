import { type AuditSearchQuery, type ReadAuditAction, readAuditActions } from '@ccap/contracts';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { likePattern } from '../../db/like-pattern';
import type { AuditLogTable, DB } from '../../db/schema';
import type { Notice, Notifier } from '../notifications/notifier';

export type AuditRow = Selectable<AuditLogTable>;

/** A signed-in user making a change, in the request that made it. */
export interface Actor {
  id: string;
  label: string;
  requestId: string;
}

/** What the audit trail records of a change, and who is told of it. */
export interface Change {
  /** Who: a user, or (no id) someone known only by a label, such as the address that registers. */
  actor: { id: string | null; label: string | null; requestId?: string | null };
  action: string;
  entity: {
    type:
      | 'application'
      | 'application_document'
      | 'rfi'
      | 'user'
      | 'idp_account'
      | 'retention'
      | 'provider_change'
      | 'announcement'
      | 'export'
      | 'api_key';
    id: string | number;
  };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
  /** The notices the change sends: a notification, an Inbox message and (if wanted) a mail each. */
  notify?: Notice[];
}

const DAY_MS = 86_400_000;

/** Someone opening part of an application (ADR 084): recorded unless it is the applicant's own. */
export interface Read {
  reader: { id: string; email: string; name: string };
  requestId: string;
  action: ReadAuditAction;
  application: { applicationId: number; ownerId: string };
  /** The document or file opened, where the read is of one. */
  item?: { documentId: number; name: string | null } | { rfiDocumentId: number; name: string | null };
}

/** The hash before the chain's first entry (migration 0023). */
const GENESIS = '0'.repeat(64);
const VERIFY_BATCH = 2_000;

/** What `verify-audit` finds: the chain whole up to its head, or the first entry that breaks it. */
export type ChainVerdict =
  | { ok: true; entries: number; head: { chainSeq: number; hash: string } | null }
  | {
      ok: false;
      entries: number;
      broken: {
        id: number;
        chainSeq: number;
        /** changed: its content no longer hashes to its hash; unlinked: its link does not name the entry before it; missing: entries before it are gone. */
        problem: 'changed' | 'unlinked' | 'missing';
      };
    };

/**
 * The audit trail: every change is recorded here, in the transaction that makes it, with the
 * notices it sends; the database refuses to change or remove what is written.
 */
export function createAuditRepository(db: Kysely<DB>, notifier: Notifier) {
  return {
    /**
     * Records a change inside the caller's transaction: its audit entry, then its notices. Both
     * commit with the change or not at all.
     */
    async recordChange(trx: Transaction<DB>, change: Change): Promise<void> {
      await trx
        .insertInto('audit_log')
        .values({
          actor_id: change.actor.id,
          actor_label: change.actor.label,
          action: change.action,
          entity_type: change.entity.type,
          entity_id: String(change.entity.id),
          before: change.before ? JSON.stringify(change.before) : null,
          after: change.after ? JSON.stringify(change.after) : null,
          reason: change.reason ?? null,
          request_id: change.actor.requestId ?? null,
        })
        .execute();
      for (const notice of change.notify ?? []) await notifier.notify(trx, notice);
    },

    /**
     * Walks the hash chain from its first entry: each entry's content must hash (in the
     * database's own `audit_log_entry_hash`) to its stored hash, link to the hash of the entry
     * before it, and follow it without a gap. Reads in batches, so any length fits in memory.
     */
    async verifyChain(): Promise<ChainVerdict> {
      let previous = { chainSeq: 0, hash: GENESIS };
      let entries = 0;
      for (;;) {
        const rows = await sql<{ id: number; chain_seq: number; prev_hash: string; hash: string; recomputed: string }>`
          select id, chain_seq, prev_hash, hash, audit_log_entry_hash(audit_log) as recomputed
          from audit_log where chain_seq > ${previous.chainSeq} order by chain_seq limit ${VERIFY_BATCH}`.execute(db);
        for (const row of rows.rows) {
          const at = { id: Number(row.id), chainSeq: Number(row.chain_seq) };
          if (at.chainSeq !== previous.chainSeq + 1)
            return { ok: false, entries, broken: { ...at, problem: 'missing' } };
          if (row.prev_hash !== previous.hash) return { ok: false, entries, broken: { ...at, problem: 'unlinked' } };
          if (row.recomputed !== row.hash) return { ok: false, entries, broken: { ...at, problem: 'changed' } };
          previous = { chainSeq: at.chainSeq, hash: row.hash };
          entries += 1;
        }
        if (rows.rows.length < VERIFY_BATCH) break;
      }
      return { ok: true, entries, head: entries ? previous : null };
    },

    /**
     * Records a read of an application by someone other than its owner: one insert, in the
     * request (the chain's lock is held for that statement only).
     */
    async recordRead(read: Read): Promise<void> {
      if (read.reader.id === read.application.ownerId) return;
      const { name: itemName, ...itemId } = read.item ?? { name: null };
      await db
        .insertInto('audit_log')
        .values({
          actor_id: read.reader.id,
          actor_label: read.reader.email,
          action: read.action,
          entity_type: 'application',
          entity_id: String(read.application.applicationId),
          after: JSON.stringify({
            applicationId: read.application.applicationId,
            readerName: read.reader.name,
            ...itemId,
            ...(itemName ? { itemName } : {}),
          }),
          request_id: read.requestId,
        })
        .execute();
    },

    /** The reads of an application by others than its owner, newest first, and their number. */
    async readsOf(applicationId: number, limit: number) {
      const base = db
        .selectFrom('audit_log')
        .where('entity_type', '=', 'application')
        .where('entity_id', '=', String(applicationId))
        .where('action', 'in', [...readAuditActions]);
      const [items, count] = await Promise.all([
        base.selectAll().orderBy('id', 'desc').limit(limit).execute(),
        base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items, total: Number(count.total) };
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

    /**
     * Every change to the application and its parts (documents, RFIs), oldest first. Reads are
     * not changes: the audit search and the applicant's read log show those.
     */
    async trailOf(applicationId: number): Promise<AuditRow[]> {
      const id = String(applicationId);
      return db
        .selectFrom('audit_log')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb('entity_type', '=', 'application'), eb('entity_id', '=', id)]),
            eb(sql<string>`after->>'applicationId'`, '=', id),
          ]),
        )
        .where('action', 'not in', [...readAuditActions])
        .orderBy('id')
        .execute();
    },

    /** Administrators' search over the whole audit trail, newest first. */
    async search(query: AuditSearchQuery) {
      let base = db.selectFrom('audit_log');
      if (query.action) base = base.where('action', 'ilike', likePattern(query.action));
      if (query.entityType) base = base.where('entity_type', '=', query.entityType);
      if (query.kind === 'read') base = base.where('action', 'in', [...readAuditActions]);
      if (query.kind === 'change') base = base.where('action', 'not in', [...readAuditActions]);
      if (query.entityId) {
        const id = query.entityId;
        base = base.where((eb) => eb.or([eb('entity_id', '=', id), eb(sql<string>`after->>'applicationId'`, '=', id)]));
      }
      if (query.actor) base = base.where('actor_label', 'ilike', likePattern(query.actor));
      if (query.from) base = base.where('occurred_at', '>=', new Date(`${query.from}T00:00:00Z`));
      if (query.to) base = base.where('occurred_at', '<', new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS));
      const [items, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('id', 'desc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items, total: Number(count.total) };
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;

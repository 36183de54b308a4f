import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The channel migration 0016's triggers notify on (ADR 047). */
export const CHANGE_CHANNEL = 'portal_changes';

export type ChangeEvent =
  /** Something tagged so changed and committed in the feed's schema: `user:<id>` or `providers`. */
  | { kind: 'changed'; tag: string }
  /** Changes may have gone unseen (the feed connected, lost its connection or went quiet). */
  | { kind: 'reset' };

/**
 * The database's change notifications, as this process hears them. While `live` is false
 * nothing heard can be trusted to be complete, and caches built on the feed must not answer.
 */
export interface ChangeFeed {
  readonly live: boolean;
  subscribe(listener: (event: ChangeEvent) => void): () => void;
  /**
   * Resolves once every change committed before the call has been heard (or the feed is not
   * live): a marker sent now arrives after them, as PostgreSQL delivers in commit order.
   */
  fence(): Promise<void>;
  close(): Promise<void>;
}

export interface FeedTiming {
  /** How often the feed sends itself a heartbeat through the pool. */
  heartbeatMs: number;
  /** Silence after which the feed counts as lost: it resets and connects again. */
  silenceMs: number;
  /** The longest wait between reconnection attempts. */
  maxBackoffMs: number;
}

const DEFAULT_TIMING: FeedTiming = { heartbeatMs: 2_000, silenceMs: 6_000, maxBackoffMs: 5_000 };

/** The tag of a change in `schema` (migration 0016 sends `<schema>|<tag>`), else undefined. */
export function tagIn(schema: string, payload: string): string | undefined {
  const bar = payload.indexOf('|');
  return bar > 0 && payload.slice(0, bar) === schema ? payload.slice(bar + 1) : undefined;
}

class Listeners {
  private readonly set = new Set<(event: ChangeEvent) => void>();
  add(listener: (event: ChangeEvent) => void) {
    this.set.add(listener);
    return () => void this.set.delete(listener);
  }
  emit(event: ChangeEvent) {
    for (const listener of this.set) listener(event);
  }
}

/** A marker of this feed's own: `fence:<feed>:<n>` or `beat:<feed>`. */
function markers(feedId: string) {
  let next = 0;
  const waiting = new Map<string, () => void>();
  return {
    fencePayload(resolve: () => void) {
      next += 1;
      const payload = `fence:${feedId}:${next}`;
      waiting.set(payload, resolve);
      return payload;
    },
    /** True when the payload was a marker (of this feed or of another process's). */
    heard(payload: string): boolean {
      if (!payload.startsWith('fence:') && !payload.startsWith('beat:')) return false;
      const resolve = waiting.get(payload);
      if (resolve) {
        waiting.delete(payload);
        resolve();
      }
      return true;
    },
    releaseAll() {
      for (const resolve of waiting.values()) resolve();
      waiting.clear();
    },
  };
}

/**
 * PostgreSQL: one connection of its own holds `LISTEN` (a pooled one would be handed to other
 * queries). A lost connection, or a heartbeat that does not come back through it in time (a
 * silent network cut), resets the feed: not live until it has listened again.
 */
export function postgresChangeFeed(
  connection: pg.ClientConfig,
  pool: pg.Pool,
  schema: string,
  timing: Partial<FeedTiming> = {},
): ChangeFeed {
  const { heartbeatMs, silenceMs, maxBackoffMs } = { ...DEFAULT_TIMING, ...timing };
  const listeners = new Listeners();
  const feedId = randomUUID();
  const marks = markers(feedId);
  let live = false;
  let closed = false;
  let client: pg.Client | undefined;
  let lastHeard = 0;
  let backoff = 100;
  let reconnect: NodeJS.Timeout | undefined;

  const lose = () => {
    if (live) {
      live = false;
      listeners.emit({ kind: 'reset' });
    }
    marks.releaseAll();
    const lost = client;
    client = undefined;
    lost?.removeAllListeners('notification');
    lost?.end().catch(() => undefined);
    if (!closed && !reconnect) {
      reconnect = setTimeout(() => void connect(), backoff);
      reconnect.unref();
      backoff = Math.min(backoff * 2, maxBackoffMs);
    }
  };

  async function connect() {
    reconnect = undefined;
    if (closed) return;
    const candidate = new pg.Client(connection);
    candidate.on('error', lose);
    candidate.on('end', () => client === candidate && lose());
    candidate.on('notification', (message) => {
      if (client !== candidate || message.channel !== CHANGE_CHANNEL) return;
      lastHeard = Date.now();
      const payload = message.payload ?? '';
      if (marks.heard(payload)) return;
      const tag = tagIn(schema, payload);
      if (tag) listeners.emit({ kind: 'changed', tag });
    });
    try {
      client = candidate;
      await candidate.connect();
      await candidate.query(`listen ${CHANGE_CHANNEL}`);
      if (closed || client !== candidate) return;
      lastHeard = Date.now();
      backoff = 100;
      // Anything committed while nobody listened is unknown: whoever cached must start over.
      listeners.emit({ kind: 'reset' });
      live = true;
    } catch {
      if (client === candidate) lose();
    }
  }

  const heartbeat = setInterval(() => {
    if (!live) return;
    if (Date.now() - lastHeard > silenceMs) return lose();
    pool.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, `beat:${feedId}`]).catch(() => undefined);
  }, heartbeatMs);
  heartbeat.unref();
  void connect();

  return {
    get live() {
      return live;
    },
    subscribe: (listener) => listeners.add(listener),
    async fence() {
      if (!live) return;
      const heard = new Promise<void>((resolve) => {
        const payload = marks.fencePayload(resolve);
        pool.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, payload]).catch(() => resolve());
      });
      await heard;
    },
    async close() {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(reconnect);
      live = false;
      marks.releaseAll();
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}

/**
 * PGlite: the embedded database runs in this process and hands each notification to its
 * listeners when the statement that committed it returns, so the feed is live from the start
 * and a fence needs no marker.
 */
export async function pgliteChangeFeed(pglite: PGlite, schema: string): Promise<ChangeFeed> {
  const listeners = new Listeners();
  let live = true;
  const unlisten = await pglite.listen(CHANGE_CHANNEL, (payload) => {
    const tag = tagIn(schema, payload);
    if (live && tag) listeners.emit({ kind: 'changed', tag });
  });
  return {
    get live() {
      return live;
    },
    subscribe: (listener) => listeners.add(listener),
    // PGlite runs one statement at a time: a statement queued now runs after every commit so
    // far, and their notifications have been handed out by the time it answers.
    fence: async () => {
      if (live) await pglite.query('select 1');
    },
    async close() {
      live = false;
      await unlisten().catch(() => undefined);
    },
  };
}

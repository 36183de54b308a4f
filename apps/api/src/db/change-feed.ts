import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The channel migration 0016's triggers notify on (ADR 047). */
export const CHANGE_CHANNEL = 'portal_changes';

export type ChangeEvent =
  /** Something tagged so changed and committed in the feed's schema: `account:<id>`, `user:<id>` or `providers`. */
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

/**
 * What a notification says to a feed of `schema`: migration 0016 sends `<schema>|<tag>`, and
 * `<schema>|*` for a TRUNCATE; a restore sends `*` (every schema). Undefined: not ours.
 */
export function eventIn(schema: string, payload: string): ChangeEvent | undefined {
  if (payload === '*') return { kind: 'reset' };
  const bar = payload.indexOf('|');
  if (bar <= 0 || payload.slice(0, bar) !== schema) return undefined;
  const tag = payload.slice(bar + 1);
  return tag === '*' ? { kind: 'reset' } : { kind: 'changed', tag };
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

/**
 * PostgreSQL: one connection of its own holds `LISTEN` (a pooled one would be handed to other
 * queries) and carries the feed's own markers: a heartbeat every `heartbeatMs`, and one per
 * fence. The feed is live once its first marker has come back through that connection (LISTEN
 * answered and notifications really arrive), and lost when the connection fails or nothing has
 * come back for `silenceMs` (a silent network cut): then it resets and connects again.
 */
export function postgresChangeFeed(
  connection: pg.ClientConfig,
  schema: string,
  timing: Partial<FeedTiming> = {},
): ChangeFeed {
  const { heartbeatMs, silenceMs, maxBackoffMs } = { ...DEFAULT_TIMING, ...timing };
  const listeners = new Listeners();
  const feedId = randomUUID();
  /** Markers sent and not heard yet: payload → what to do when it arrives (or the feed is lost). */
  const waiting = new Map<string, (heard: boolean) => void>();
  let markers = 0;
  let live = false;
  let closed = false;
  let client: pg.Client | undefined;
  let lastHeard = 0;
  let backoff = 100;
  let reconnect: NodeJS.Timeout | undefined;
  let batch: Promise<boolean> | undefined;

  const releaseAll = () => {
    for (const settle of waiting.values()) settle(false);
    waiting.clear();
  };

  const lose = () => {
    if (live) {
      live = false;
      listeners.emit({ kind: 'reset' });
    }
    releaseAll();
    const lost = client;
    client = undefined;
    if (lost) {
      lost.removeAllListeners('notification');
      lost.end().catch(() => undefined);
      // end() waits for a socket that may never answer again.
      (lost as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    }
    if (!closed && !reconnect) {
      reconnect = setTimeout(() => void connect(), backoff);
      reconnect.unref();
      backoff = Math.min(backoff * 2, maxBackoffMs);
    }
  };

  /** Sends a marker through `through` and resolves true when it comes back, false if it cannot. */
  function marker(through: pg.Client, kind: 'beat' | 'fence'): Promise<boolean> {
    markers += 1;
    const payload = `${kind}:${feedId}:${markers}`;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(payload);
        resolve(false);
      }, silenceMs);
      timer.unref();
      waiting.set(payload, (heard) => {
        clearTimeout(timer);
        resolve(heard);
      });
      through.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, payload]).catch(() => {
        waiting.get(payload)?.(false);
        waiting.delete(payload);
      });
    });
  }

  async function connect() {
    reconnect = undefined;
    if (closed) return;
    const candidate = new pg.Client({ ...connection, keepAlive: true, query_timeout: silenceMs });
    candidate.on('error', () => client === candidate && lose());
    candidate.on('end', () => client === candidate && lose());
    candidate.on('notification', (message) => {
      if (client !== candidate || message.channel !== CHANGE_CHANNEL) return;
      lastHeard = Date.now();
      const payload = message.payload ?? '';
      const settle = waiting.get(payload);
      if (settle) {
        waiting.delete(payload);
        return settle(true);
      }
      // Another process's markers name no schema, and eventIn passes them by.
      const event = eventIn(schema, payload);
      if (event) listeners.emit(event);
    });
    client = candidate;
    try {
      await candidate.connect();
      await candidate.query(`listen ${CHANGE_CHANNEL}`);
      if (!(await marker(candidate, 'beat'))) throw new Error('the change feed did not hear itself');
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
    if (!live || !client) return;
    if (Date.now() - lastHeard > silenceMs) return lose();
    void marker(client, 'beat');
  }, heartbeatMs);
  heartbeat.unref();
  void connect();

  return {
    get live() {
      return live;
    },
    subscribe: (listener) => listeners.add(listener),
    async fence() {
      if (!live || !client) return;
      // The fences asked for in one turn of the event loop share a marker sent after all of them
      // were asked for: one round trip on the feed's connection per turn, not per write.
      batch ??= new Promise<boolean>((resolve) => {
        setImmediate(() => {
          batch = undefined;
          if (!client) return resolve(false);
          void marker(client, 'fence').then(resolve);
        });
      });
      // Not heard in time: what this process remembers can no longer be trusted.
      if (!(await batch) && live) lose();
    },
    async close() {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(reconnect);
      live = false;
      releaseAll();
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}

/**
 * PGlite: the embedded database runs in this process and hands each notification to its
 * listeners before the statement that committed it returns, so the feed is live from the start
 * and a fence has nothing to wait for.
 */
export async function pgliteChangeFeed(pglite: PGlite, schema: string): Promise<ChangeFeed> {
  const listeners = new Listeners();
  let live = true;
  const unlisten = await pglite.listen(CHANGE_CHANNEL, (payload) => {
    const event = eventIn(schema, payload);
    if (live && event) listeners.emit(event);
  });
  return {
    get live() {
      return live;
    },
    subscribe: (listener) => listeners.add(listener),
    // Nothing to wait for: PGlite hands a commit's notifications to its listeners before the
    // committing statement returns, and nothing but this process writes to it. (A query here
    // would also queue behind, or run inside, a transaction holding PGlite's one session.)
    fence: async () => undefined,
    async close() {
      live = false;
      await unlisten().catch(() => undefined);
    },
  };
}

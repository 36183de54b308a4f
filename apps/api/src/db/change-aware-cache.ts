import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from './change-feed';

export interface ChangeAwareCacheOptions<V> {
  /** The most entries kept (least recently used go first). */
  max: number;
  /** An entry's longest life even when nothing is heard of its tags: a safety net, not the rule. */
  ttlMs: number;
  /**
   * The change tags a value depends on (migrations 0016 and 0017: `account:<id>`, `user:<id>`,
   * `providers`); null: not to be remembered (no change could be heard that would ever drop it).
   */
  tagsOf: (value: V) => readonly string[] | null;
  /** Before every read, wait until every change committed so far has been heard (`READ_CACHE=fenced`). */
  fenced?: boolean;
}

/** Where caches hear of changes, and how strictly (Config.readCache); undefined: no caching. */
export interface ReadCacheSource {
  feed: ChangeFeed;
  fenced: boolean;
  /** Every cache made on this source, by name: /metrics reports them, the app closes them. */
  caches: Map<string, Pick<ChangeAwareCache<object>, 'stats' | 'size' | 'close'>>;
}

/** What a repository reads through: a ChangeAwareCache, or straight to the database. */
export interface ReadThrough<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
}

export function readThrough<V extends object>(
  source: ReadCacheSource | undefined,
  name: string,
  options: Omit<ChangeAwareCacheOptions<V>, 'fenced'>,
): ReadThrough<V> {
  if (!source) return { get: (_key, load) => load() };
  const cache = new ChangeAwareCache(source.feed, { ...options, fenced: source.fenced });
  source.caches.set(name, cache);
  return cache;
}

/**
 * Reads remembered until the database says their rows changed (ADR 047). An entry is dropped
 * when a change notification names one of its tags; everything is dropped when the feed
 * resets; nothing is remembered or answered from memory while the feed is not live. A read
 * that was under way when any change was heard is answered but not remembered: it may have
 * read the rows from before that change.
 */
export class ChangeAwareCache<V extends object> implements ReadThrough<V> {
  private readonly entries: LRUCache<string, { value: V; tags: readonly string[] }>;
  private readonly byTag = new Map<string, Set<string>>();
  /** Counts every change heard: a read stores its answer only if none came while it ran. */
  private epoch = 0;
  readonly stats = { hits: 0, misses: 0 };
  private readonly unsubscribe: () => void;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly options: ChangeAwareCacheOptions<V>,
  ) {
    this.entries = new LRUCache({
      max: options.max,
      ttl: options.ttlMs,
      dispose: (entry, key) => this.unindex(key, entry.tags),
    });
    this.unsubscribe = feed.subscribe((event) => {
      this.epoch += 1;
      if (event.kind === 'reset') this.entries.clear();
      else for (const key of [...(this.byTag.get(event.tag) ?? [])]) this.entries.delete(key);
    });
  }

  /** The remembered answer for `key`, or `load`'s, remembered when it is safe to. */
  async get(key: string, load: () => Promise<V>): Promise<V> {
    if (!this.feed.live) return load();
    if (this.options.fenced) await this.feed.fence();
    const hit = this.entries.get(key);
    if (hit) {
      this.stats.hits += 1;
      return hit.value;
    }
    this.stats.misses += 1;
    const epoch = this.epoch;
    const value = await load();
    const tags = this.options.tagsOf(value);
    if (tags && epoch === this.epoch && this.feed.live) {
      this.entries.set(key, { value, tags });
      for (const tag of tags) {
        let keys = this.byTag.get(tag);
        if (!keys) this.byTag.set(tag, (keys = new Set()));
        keys.add(key);
      }
    }
    return value;
  }

  /** Stops hearing the feed and forgets everything (the app using it has closed). */
  close() {
    this.unsubscribe();
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }

  private unindex(key: string, tags: readonly string[]) {
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { DbClient } from '../db/client';

/**
 * Read caches local to one server instance, kept true across instances (ARCHITECTURE §Scaling):
 * a write drops the entries it affects on this instance at once and on every other instance
 * through PostgreSQL NOTIFY. Entries are tagged (a user, a session, a brand); a write names tags.
 *
 * A cache only serves while notifications are sure to arrive (`DbClient.listening`): while the
 * LISTEN connection is down every cache is empty and bypassed, and it starts empty again once the
 * connection is back, since drops sent in between were lost. Entries also expire after `ttlMs`,
 * which bounds how long a change made outside the application (by hand in SQL) goes unseen.
 */
export interface SharedCache<V> {
  /** The cached value, or undefined when absent, expired, or while the cache cannot be trusted. */
  get(key: string): V | undefined;
  /**
   * The cached value, else `load()`'s, stored under `tags` unless it is undefined or a drop
   * arrived while it loaded (it may have been read before the write that caused the drop).
   */
  through(key: string, tags: (value: V) => string[], load: () => Promise<V | undefined>): Promise<V | undefined>;
  /** Drops every entry carrying `tag`, here at once and on the other instances. Call after the write commits. */
  drop(tag: string): Promise<void>;
  readonly size: number;
}

export interface CacheHub {
  /** The cache called `name`, created on first use with these limits. */
  cache<V>(name: string, limits: { ttlMs: number; max: number }): SharedCache<V>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const CHANNEL = 'console_cache';

interface Entry<V> {
  value: V;
  tags: string[];
  storedAt: number;
}

class LocalCache<V> implements SharedCache<V> {
  private entries = new Map<string, Entry<V>>();
  /** Bumped by every drop; a load that saw another generation does not store. */
  private generation = 0;

  constructor(
    private readonly name: string,
    private readonly limits: { ttlMs: number; max: number },
    private readonly hub: { trusted(): boolean; now(): number; publish(cache: string, tag: string): Promise<void> },
  ) {}

  get size() {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    if (!this.hub.trusted()) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.hub.now() - entry.storedAt >= this.limits.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used last: the oldest use is evicted first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  async through(key: string, tags: (value: V) => string[], load: () => Promise<V | undefined>): Promise<V | undefined> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const generation = this.generation;
    const value = await load();
    if (value !== undefined && generation === this.generation && this.hub.trusted()) {
      this.entries.set(key, { value, tags: tags(value), storedAt: this.hub.now() });
      if (this.entries.size > this.limits.max) this.entries.delete(this.entries.keys().next().value!);
    }
    return value;
  }

  async drop(tag: string) {
    this.dropLocal(tag);
    await this.hub.publish(this.name, tag);
  }

  dropLocal(tag: string) {
    this.generation++;
    for (const [key, entry] of this.entries) if (entry.tags.includes(tag)) this.entries.delete(key);
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }
}

/** The caches of one server instance, invalidated through the database's NOTIFY channel. */
export function createCacheHub(client: DbClient, clock: Clock): CacheHub {
  const instance = randomUUID();
  const caches = new Map<string, LocalCache<unknown>>();
  let started = false;
  let unlisten: (() => Promise<void>) | undefined;
  let unwatch: (() => void) | undefined;

  const hub = {
    trusted: () => started && client.listening,
    now: () => clock.now().getTime(),
    async publish(cache: string, tag: string) {
      await client.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ from: instance, cache, tag })})`);
    },
  };

  function clearAll() {
    for (const cache of caches.values()) cache.clear();
  }

  function onPayload(payload: string) {
    try {
      const { from, cache, tag } = JSON.parse(payload) as { from?: unknown; cache?: unknown; tag?: unknown };
      if (from === instance || typeof cache !== 'string' || typeof tag !== 'string') return;
      caches.get(cache)?.dropLocal(tag);
    } catch {
      // Not ours: ignore.
    }
  }

  return {
    cache<V>(name: string, limits: { ttlMs: number; max: number }) {
      let cache = caches.get(name);
      if (!cache) {
        cache = new LocalCache<unknown>(name, limits, hub);
        caches.set(name, cache);
      }
      return cache as unknown as SharedCache<V>;
    },
    async start() {
      if (started) return;
      unwatch = client.onListeningChange(clearAll);
      unlisten = await client.listen(CHANNEL, onPayload);
      started = true;
    },
    async stop() {
      started = false;
      unwatch?.();
      await unlisten?.();
      clearAll();
    },
  };
}

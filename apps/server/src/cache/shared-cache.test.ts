import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../clock';
import { openDb, type DbClient } from '../db/client';
import { createCacheHub, type CacheHub } from './shared-cache';

let db: DbClient;
let hub: CacheHub;
let other: CacheHub;
const clock = fakeClock();

beforeAll(async () => {
  db = await openDb({ dataDir: 'memory://' });
  hub = createCacheHub(db, clock);
  other = createCacheHub(db, clock);
  await hub.start();
  await other.start();
});
afterAll(async () => {
  await hub.stop();
  await other.stop();
  await db.close();
});

const tagged = (tag: string) => () => [tag];
const deferred = <T>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};
async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
}

describe('shared caches', () => {
  it('loads once and serves the stored value until its time is up', async () => {
    const cache = hub.cache<number>('ttl', { ttlMs: 1000, max: 10 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.through('k', tagged('t'), load)).toBe(1);
    expect(await cache.through('k', tagged('t'), load)).toBe(1);
    clock.advance(1000);
    expect(await cache.through('k', tagged('t'), load)).toBe(2);
  });

  it('does not store a value a drop overtook while it loaded', async () => {
    const cache = hub.cache<string>('race', { ttlMs: 60_000, max: 10 });
    const pending = deferred<string>();
    const loading = cache.through('k', tagged('user:1'), () => pending.promise);
    await cache.drop('user:1');
    pending.resolve('read before the write');
    expect(await loading).toBe('read before the write');
    expect(cache.get('k')).toBeUndefined();
  });

  it('never stores undefined', async () => {
    const cache = hub.cache<string>('misses', { ttlMs: 60_000, max: 10 });
    let loads = 0;
    await cache.through('k', tagged('t'), async () => void loads++);
    await cache.through('k', tagged('t'), async () => void loads++);
    expect(loads).toBe(2);
  });

  it('evicts the entry used least recently beyond its size', async () => {
    const cache = hub.cache<string>('lru', { ttlMs: 60_000, max: 2 });
    await cache.through('a', tagged('a'), async () => 'A');
    await cache.through('b', tagged('b'), async () => 'B');
    cache.get('a');
    await cache.through('c', tagged('c'), async () => 'C');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['A', undefined, 'C']);
  });

  it('drops every entry with the tag, here and on the other instances', async () => {
    const here = hub.cache<string>('tags', { ttlMs: 60_000, max: 10 });
    const there = other.cache<string>('tags', { ttlMs: 60_000, max: 10 });
    for (const cache of [here, there]) {
      await cache.through('s1', () => ['user:1', 'session:1'], async () => 'one');
      await cache.through('s2', () => ['user:1', 'session:2'], async () => 'two');
      await cache.through('s3', () => ['user:2', 'session:3'], async () => 'three');
    }
    await here.drop('session:1');
    expect([here.get('s1'), here.get('s2')]).toEqual([undefined, 'two']);
    await until(() => there.get('s1') === undefined);
    expect([there.get('s1'), there.get('s2'), there.get('s3')]).toEqual([undefined, 'two', 'three']);
    await there.drop('user:1');
    await until(() => here.get('s2') === undefined);
    expect([here.get('s2'), here.get('s3')]).toEqual([undefined, 'three']);
  });

  it('serves nothing before it listens', async () => {
    const idle = createCacheHub(db, clock).cache<string>('idle', { ttlMs: 60_000, max: 10 });
    let loads = 0;
    await idle.through('k', tagged('t'), async () => `v${++loads}`);
    await idle.through('k', tagged('t'), async () => `v${++loads}`);
    expect(loads).toBe(2);
  });
});

import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Notify = (channel: string, payload: string) => void;

/** The database and what only the driver can do: LISTEN/NOTIFY and shutdown. */
export interface DbClient {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Subscribes to a NOTIFY channel; returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * True while notifications are sure to arrive: false before the first listen() and while the
   * LISTEN connection is being re-opened after it dropped (notifications sent then are lost).
   */
  readonly listening: boolean;
  /** Called whenever `listening` changes; returns an unsubscribe function. */
  onListeningChange(watch: (listening: boolean) => void): () => void;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PGlite only: a dump of the data directory (tests clone a migrated template from it). */
  dumpDataDir?(): Promise<Blob>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenDbOptions {
  databaseUrl?: string;
  /** PGlite data directory; `memory://` for an in-memory database. */
  dataDir?: string;
  /** PGlite data dump to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob;
}

/** PostgreSQL when a URL is given, else embedded PGlite. */
export async function openDb(opts: OpenDbOptions): Promise<DbClient> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(opts.dataDir ?? 'memory://', opts.loadDataDir);
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<DbClient> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, loadDataDir ? { loadDataDir } : {});
  const db = drizzle(client, { schema }) as unknown as Db;
  let pgliteListening = false;
  return {
    kind: 'pglite',
    db,
    async listen(channel, onPayload) {
      const unsub = await client.listen(channel, onPayload);
      pgliteListening = true;
      return async () => unsub();
    },
    // In-process: once listening, a notification cannot be lost.
    get listening() {
      return pgliteListening && !client.closed;
    },
    onListeningChange() {
      return () => {};
    },
    async ping() {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (!client.closed) await client.close();
    },
    async dumpDataDir() {
      return client.dumpDataDir('gzip');
    },
  };
}

/** Back-off while the LISTEN connection is being re-opened. */
const LISTEN_RETRY_MIN_MS = 250;
const LISTEN_RETRY_MAX_MS = 10_000;

function quoteChannel(channel: string) {
  return `"${channel.replace(/"/g, '')}"`;
}

async function openPostgres(url: string): Promise<DbClient> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema }) as unknown as Db;
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const stateWatchers = new Set<(listening: boolean) => void>();
  let listenClient: import('pg').PoolClient | undefined;
  let connecting: Promise<import('pg').PoolClient> | undefined;
  let listening = false;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = LISTEN_RETRY_MIN_MS;

  function setListening(value: boolean) {
    if (listening === value) return;
    listening = value;
    for (const watch of stateWatchers) watch(value);
  }

  /** One connection holds every LISTEN; when it drops, it is opened again and every channel re-listened. */
  function ensureListenClient(): Promise<import('pg').PoolClient> {
    if (listenClient) return Promise.resolve(listenClient);
    connecting ??= (async () => {
      const c = await pool.connect();
      c.on('notification', (msg) => {
        for (const cb of listeners.get(msg.channel) ?? []) cb(msg.payload ?? '');
      });
      c.on('error', () => lost(c));
      c.on('end', () => lost(c));
      try {
        for (const channel of listeners.keys()) await c.query(`LISTEN ${quoteChannel(channel)}`);
      } catch (err) {
        c.release(true);
        throw err;
      }
      listenClient = c;
      retryMs = LISTEN_RETRY_MIN_MS;
      setListening(true);
      return c;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  /** The LISTEN connection is gone: notifications may be missed until it is back. */
  function lost(c: import('pg').PoolClient) {
    if (listenClient !== c) return;
    listenClient = undefined;
    c.release(true);
    setListening(false);
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || retryTimer || listeners.size === 0) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      ensureListenClient().catch(() => {
        retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MAX_MS);
        scheduleReconnect();
      });
    }, retryMs);
    retryTimer.unref();
  }

  return {
    kind: 'postgres',
    db,
    async listen(channel, onPayload) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        // A connection opened from here on listens to every channel in the map, this one included.
        if (listenClient) await listenClient.query(`LISTEN ${quoteChannel(channel)}`);
      }
      set.add(onPayload);
      await ensureListenClient();
      return async () => {
        set!.delete(onPayload);
      };
    },
    get listening() {
      return listening;
    },
    onListeningChange(watch) {
      stateWatchers.add(watch);
      return () => stateWatchers.delete(watch);
    },
    async ping() {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const c = listenClient;
      listenClient = undefined;
      setListening(false);
      c?.release();
      await pool.end();
    },
  };
}

/** Rows of a raw `db.execute()` result; both drivers answer `{rows}`. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] })?.rows ?? []) as T[];
}

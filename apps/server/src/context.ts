import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db, DbClient } from './db/client';
import type { Clock } from './clock';
import type { Keyring } from './crypto/secrets';
import type { EventBus } from './events/bus';
import type { CacheHub } from './cache/shared-cache';

/**
 * Everything a service may depend on, built once by buildApp (STYLE §5).
 * Modules take the parts they need; nothing reads process.env outside config.ts.
 */
export interface AppContext {
  config: Config;
  dbClient: DbClient;
  db: Db;
  clock: Clock;
  keyring: Keyring;
  events: EventBus;
  /** Per-instance read caches, dropped across instances on writes (sessions, LLM connections). */
  cache: CacheHub;
  log: FastifyBaseLogger;
  /** Fetch used for outbound HTTP (LLM providers, Cloudflare); tests may point it at loopback servers. */
  fetch: typeof fetch;
}

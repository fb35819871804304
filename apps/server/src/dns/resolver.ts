import { promises as dns } from 'node:dns';
import type { Config } from '../config';

/** Why a look-up gave no answer: a hard time-out, or the resolver failing (refused, SERVFAIL, …). */
export class DnsLookupError extends Error {
  constructor(
    readonly kind: 'timeout' | 'failure',
    message: string,
  ) {
    super(message);
    this.name = 'DnsLookupError';
  }
}

export interface MxAnswer {
  exchange: string;
  priority: number;
}

/** Real DNS look-ups (ARCHITECTURE §Stack: DNS). A name without records answers an empty list. */
export interface DnsResolver {
  /** TXT records of `name`, each record's character strings joined. */
  txt(name: string): Promise<string[]>;
  mx(name: string): Promise<MxAnswer[]>;
}

/** Answers meaning "this name has no such record": not an error for a verifier. */
const ABSENT = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN', 'ENONAME']);

/** `DNS_SERVERS` (`ip[:port]`, comma-separated) as node:dns server strings; undefined = system resolver. */
export function parseDnsServers(value: string | undefined): string[] | undefined {
  if (!value) return undefined;
  const servers = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return servers.length ? servers : undefined;
}

/**
 * A resolver on the configured servers. Every look-up ends within `DNS_TIMEOUT_MS`: node:dns is
 * told to try once with that time-out, and a timer cancels it if it is still running.
 */
export function createDnsResolver(config: Pick<Config, 'DNS_SERVERS' | 'DNS_TIMEOUT_MS'>): DnsResolver {
  const servers = parseDnsServers(config.DNS_SERVERS);
  const timeoutMs = config.DNS_TIMEOUT_MS;

  async function lookup<T>(name: string, type: string, run: (r: dns.Resolver) => Promise<T>, empty: T): Promise<T> {
    const resolver = new dns.Resolver({ timeout: timeoutMs, tries: 1 });
    if (servers) {
      try {
        resolver.setServers(servers);
      } catch {
        throw new DnsLookupError('failure', `DNS look-up of ${type} ${name} failed (DNS_SERVERS is not a list of ip[:port])`);
      }
    }
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        resolver.cancel();
        reject(new DnsLookupError('timeout', `DNS look-up of ${type} ${name} timed out after ${timeoutMs} ms`));
      }, timeoutMs);
    });
    try {
      return await Promise.race([run(resolver), deadline]);
    } catch (err) {
      if (err instanceof DnsLookupError) throw err;
      const code = (err as { code?: string }).code ?? '';
      if (ABSENT.has(code)) return empty;
      if (code === 'ETIMEOUT' || code === 'ECANCELLED') {
        throw new DnsLookupError('timeout', `DNS look-up of ${type} ${name} timed out after ${timeoutMs} ms`);
      }
      throw new DnsLookupError('failure', `DNS look-up of ${type} ${name} failed (${code || 'resolver error'})`);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    txt: (name) => lookup(name, 'TXT', async (r) => (await r.resolveTxt(name)).map((chunks) => chunks.join('')), [] as string[]),
    mx: (name) => lookup(name, 'MX', (r) => r.resolveMx(name), [] as MxAnswer[]),
  };
}

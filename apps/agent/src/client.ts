import type { Logger } from './log';

/** A refusal the server gave on purpose (4xx): retrying the same request will not help. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error?: string; code?: string } | undefined,
  ) {
    super(body?.error ?? `HTTP ${status}`);
    this.name = 'HttpError';
  }
}

export interface RetryOptions {
  maxBackoffMs: number;
  signal: AbortSignal;
  log: Logger;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Exponential backoff with jitter: 0.5 s, 1 s, 2 s, ... up to the cap. */
export function backoffMs(attempt: number, capMs: number): number {
  const base = Math.min(capMs, 500 * 2 ** Math.min(attempt, 16));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/**
 * Runs `fn` until it succeeds, waiting longer after each network failure or 5xx (the server is
 * restarting or unreachable). 4xx answers are thrown at once: they are decisions, not outages.
 */
export async function withRetry<T>(label: string, fn: () => Promise<T>, opts: RetryOptions): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof HttpError && err.status < 500 && err.status !== 429) throw err;
      if (opts.signal.aborted) throw err;
      const wait = backoffMs(attempt, opts.maxBackoffMs);
      opts.log.warn(`${label} failed (${err instanceof Error ? err.message : String(err)}); retrying in ${(wait / 1000).toFixed(1)} s`);
      await sleep(wait, opts.signal);
      if (opts.signal.aborted) throw err;
    }
  }
}

/** The console's agent API over HTTP (CONTRACT §Mesh agent). */
export class ServerClient {
  token: string | undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 15_000,
  ) {}

  async post<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
    const res = await fetch(this.baseUrl + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...headers,
      },
      body: JSON.stringify(body ?? {}),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!res.ok) throw new HttpError(res.status, parsed as { error?: string; code?: string } | undefined);
    return parsed as T;
  }
}

import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { App } from '../../http/types';
import { monthKey } from './periods';

/** How often counted API calls are written; other instances see counts up to this much late. */
export const USAGE_FLUSH_MS = 5_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Answers that say the caller may not act on that brand: not counted against it. */
const NOT_COUNTED = new Set([401, 403, 404]);

type MeterCtx = Pick<AppContext, 'db' | 'clock' | 'log'>;

/** API calls counted in memory per brand and month, written in one upsert per flush. */
export class UsageMeter {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(private readonly ctx: MeterCtx) {}

  record(brandId: string) {
    const key = `${brandId}|${monthKey(this.ctx.clock.now())}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
  }

  /** Calls counted here but not written yet (added to the stored count when reading usage). */
  pendingFor(brandId: string, month: string): number {
    return this.pending.get(`${brandId}|${month}`) ?? 0;
  }

  start() {
    this.timer = setInterval(() => void this.flush(), USAGE_FLUSH_MS);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** Writes the pending counts; on failure they are kept for the next flush. */
  async flush(): Promise<void> {
    if (this.flushing) await this.flushing;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const rows = [...batch].map(([key, n]) => {
      const [brandId, month] = key.split('|');
      return sql`(${brandId}::uuid, ${month}, ${n}::bigint)`;
    });
    this.flushing = (async () => {
      try {
        await this.ctx.db.execute(sql`
          insert into usage_counters (brand_id, month, api_calls)
          select v.brand_id, v.month, v.n
          from (values ${sql.join(rows, sql`, `)}) as v(brand_id, month, n)
          join brands b on b.id = v.brand_id
          on conflict (brand_id, month) do update set api_calls = usage_counters.api_calls + excluded.api_calls`);
      } catch (err) {
        for (const [key, n] of batch) this.pending.set(key, (this.pending.get(key) ?? 0) + n);
        this.ctx.log.warn({ err }, 'usage meter flush failed; will retry');
      }
    })();
    try {
      await this.flushing;
    } finally {
      this.flushing = undefined;
    }
  }
}

const meters = new WeakMap<object, UsageMeter>();

/** The meter of this app instance, if metering is registered. */
export function usageMeterOf(ctx: object): UsageMeter | undefined {
  return meters.get(ctx);
}

/** The brand a request acts on: `brandId` path param, `brand_id` query, or `X-Brand-Id` header. */
function requestBrandId(request: FastifyRequest): string | undefined {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const header = request.headers['x-brand-id'];
  const candidates = [params.brandId, query.brand_id, Array.isArray(header) ? header[0] : header];
  return candidates.find((c): c is string => typeof c === 'string' && UUID.test(c));
}

/**
 * Counts authenticated `/api/` requests that carry a brand, per brand and month (SPEC §3 Usage).
 * Kept off the hot path: counts go to memory and are flushed every USAGE_FLUSH_MS and on close,
 * so stored counts may lag by the flush interval.
 */
export function registerUsageMetering(app: App, ctx: AppContext) {
  const meter = new UsageMeter(ctx);
  meters.set(ctx, meter);
  meter.start();
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    if (!request.caller && !request.headers['x-api-key']) return;
    if (NOT_COUNTED.has(reply.statusCode)) return;
    const brandId = requestBrandId(request);
    if (brandId) meter.record(brandId);
  });
  app.addHook('onClose', async () => {
    await meter.stop();
  });
}

import { and, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Count } from '@console/contract/common';
import type { AppContext } from '../context';

/** The trend window of CONTRACT §Lists and counts: the last 7 days against the 7 days before. */
export const TREND_WINDOW_MS = 7 * 24 * 60 * 60_000;

/**
 * CONTRACT §Lists and counts: `round(100 × (now − before) / before)`; 100 when before is 0 and now
 * is not; 0 when both are 0.
 */
export function trendPercent(recent: number, previous: number): number {
  if (previous === 0) return recent === 0 ? 0 : 100;
  return Math.round((100 * (recent - previous)) / previous);
}

export interface CountWithTrendOptions {
  /** The table counted. */
  table: PgTable;
  /** The brand filter, from `brandFilter(table.brandId, scope)`; undefined counts every brand. */
  brand: SQL | undefined;
  /** What the card's `count` counts (open tickets, unread inbox mails, online devices); default every row. */
  counted?: SQL;
  /** Rows outside it are not counted at all, not even in `total` (e.g. the inbox folder, or `status=`). */
  scope?: SQL;
  /** The row's creation time, compared with `ctx.clock.now()` for the trend. */
  createdAt: AnyPgColumn;
  /** Whether the trend compares the counted rows (default) or every row of `total`. */
  trendOver?: 'counted' | 'all';
}

/**
 * `{count, total, trend}` of one table (CONTRACT §Lists and counts): `count` rows matching
 * `counted`, `total` all rows, and the trend of rows created in the last 7 days against the 7 days
 * before, relative to `ctx.clock.now()`. Four plain counts rather than one pass with FILTER, so
 * that each can use an index (brand_id, status, created_at) on large tables.
 */
export async function countWithTrend(ctx: Pick<AppContext, 'db' | 'clock'>, opts: CountWithTrendOptions): Promise<Count> {
  const now = ctx.clock.now();
  const weekAgo = new Date(now.getTime() - TREND_WINDOW_MS);
  const twoWeeksAgo = new Date(now.getTime() - 2 * TREND_WINDOW_MS);
  const trendRows = (opts.trendOver ?? 'counted') === 'counted' ? opts.counted : undefined;
  const base = and(opts.brand, opts.scope);
  const countWhere = async (where: SQL | undefined) => {
    const [row] = await ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(opts.table)
      .where(where);
    return row?.n ?? 0;
  };
  const between = (from: Date, to: Date) => and(gt(opts.createdAt, from), lte(opts.createdAt, to));
  const [count, total, recent, previous] = await Promise.all([
    opts.counted ? countWhere(and(base, opts.counted)) : undefined,
    countWhere(base),
    countWhere(and(base, trendRows, between(weekAgo, now))),
    countWhere(and(base, trendRows, between(twoWeeksAgo, weekAgo))),
  ]);
  return { count: count ?? total, total, trend: trendPercent(recent, previous) };
}

import { PLANS, type Invoice, type PlanName, type Subscription, type Usage } from '@console/contract/billing';
import { DEFAULT_PLAN_LABEL } from '@console/contract/limits';
import type { AppContext } from '../../context';
import { findBrandById } from '../brands/queries';
import { notFound } from '../../http/errors';
import { usageMeterOf } from './metering';
import { addDays, addMonths, fromIsoDate, isoDate, monthKey, monthStart } from './periods';
import {
  findApiCalls,
  findSubscription,
  insertSubscriptionIfMissing,
  listInvoices as selectInvoices,
  measureActivity,
  upsertInvoices,
  type NewInvoice,
  type SubscriptionRow,
} from './queries';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

/** Days between an invoice's date and when it becomes overdue. */
export const INVOICE_DUE_DAYS = 14;
/** How many past billing periods get invoices. */
export const INVOICE_HISTORY_MONTHS = 24;

const planOf = (row: SubscriptionRow): PlanName => (row.plan in PLANS ? (row.plan as PlanName) : DEFAULT_PLAN_LABEL);

/** The brand's subscription, created on the default plan (SPEC §9 'Professional') from the brand's creation. */
export async function ensureSubscription(ctx: Ctx, brandId: string): Promise<SubscriptionRow> {
  const existing = await findSubscription(ctx.db, brandId);
  if (existing) return existing;
  const brand = await findBrandById(ctx.db, brandId);
  if (!brand) throw notFound('Brand');
  await insertSubscriptionIfMissing(ctx.db, { brandId, plan: DEFAULT_PLAN_LABEL, status: 'active', startedAt: brand.createdAt, createdAt: ctx.clock.now() });
  return (await findSubscription(ctx.db, brandId))!;
}

/** SPEC §3 Subscription: plan, monthly amount in USD, next billing date (the first of next month). */
export async function getSubscription(ctx: Ctx, brandId: string): Promise<Subscription> {
  const row = await ensureSubscription(ctx, brandId);
  const now = ctx.clock.now();
  const plan = planOf(row);
  const periodStart = monthStart(now);
  const next = addMonths(now, 1);
  return {
    plan,
    amount: PLANS[plan].price,
    currency: 'USD',
    status: row.status,
    billing_cycle: 'monthly',
    started_at: row.startedAt.toISOString(),
    current_period_start: periodStart.toISOString(),
    current_period_end: next.toISOString(),
    next_billing_date: next.toISOString(),
    payment_method:
      row.cardBrand && row.cardLast4 && row.cardExpMonth && row.cardExpYear
        ? { brand: row.cardBrand, last4: row.cardLast4, exp_month: row.cardExpMonth, exp_year: row.cardExpYear }
        : null,
  };
}

/** SPEC §3 Usage this month against the plan's limits, measured from the brand's real activity. */
export async function getUsage(ctx: Ctx, brandId: string): Promise<Usage> {
  const row = await ensureSubscription(ctx, brandId);
  const limits = PLANS[planOf(row)].limits;
  const now = ctx.clock.now();
  const from = monthStart(now);
  const to = addMonths(now, 1);
  const month = monthKey(now);
  const stored = await findApiCalls(ctx.db, brandId, month);
  const activity = await measureActivity(ctx.db, brandId, from, to);
  return {
    api_calls: stored + (usageMeterOf(ctx)?.pendingFor(brandId, month) ?? 0),
    api_calls_limit: limits.api_calls,
    storage: activity.storage,
    storage_limit: limits.storage,
    emails_sent: activity.emailsSent,
    emails_limit: limits.emails,
    devices: activity.devices,
    devices_limit: limits.devices,
    period_start: from.toISOString(),
    period_end: to.toISOString(),
  };
}

/**
 * The invoice of one billing period as of `now`: the running month is a draft; a closed month is
 * paid when a card is on file, else pending until its due date, then overdue. The first month is
 * prorated from the subscription start.
 */
export function invoiceForPeriod(row: SubscriptionRow, periodStart: Date, now: Date): NewInvoice {
  const plan = planOf(row);
  const periodEnd = addMonths(periodStart, 1);
  const price = PLANS[plan].price * 100;
  const activeFrom = row.startedAt > periodStart ? row.startedAt : periodStart;
  const share = Math.min(1, Math.max(0, (periodEnd.getTime() - activeFrom.getTime()) / (periodEnd.getTime() - periodStart.getTime())));
  const due = addDays(periodEnd, INVOICE_DUE_DAYS);
  const hasCard = !!row.cardLast4;
  const status = now < periodEnd ? 'draft' : hasCard ? 'paid' : now < due ? 'pending' : 'overdue';
  return {
    brandId: row.brandId,
    number: `INV-${monthKey(periodStart).replace('-', '')}-${row.brandId.slice(0, 8).toUpperCase()}`,
    status,
    periodStart: isoDate(periodStart),
    periodEnd: isoDate(addDays(periodEnd, -1)),
    invoiceDate: isoDate(periodEnd),
    dueDate: isoDate(due),
    amountCents: Math.round(price * share),
    plan,
    createdAt: now,
  };
}

/** Brings the brand's invoices up to date: one per billing period since the subscription began. */
export async function syncInvoices(ctx: Ctx, brandId: string) {
  const row = await ensureSubscription(ctx, brandId);
  const now = ctx.clock.now();
  const first = monthStart(row.startedAt);
  const earliest = addMonths(now, -INVOICE_HISTORY_MONTHS);
  const periods: Date[] = [];
  for (let p = first < earliest ? earliest : first; p <= now; p = addMonths(p, 1)) periods.push(p);
  await upsertInvoices(ctx.db, periods.map((p) => invoiceForPeriod(row, p, now)));
}

/** SPEC §3 Invoice list, newest period first; amounts in USD. */
export async function listInvoices(ctx: Ctx, brandId: string, limit: number): Promise<Invoice[]> {
  await syncInvoices(ctx, brandId);
  const rows = await selectInvoices(ctx.db, brandId, limit);
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    status: r.status,
    date: fromIsoDate(r.invoiceDate).toISOString(),
    due_date: fromIsoDate(r.dueDate).toISOString(),
    created_at: r.createdAt.toISOString(),
    amount: r.amountCents / 100,
    currency: 'USD',
    plan: r.plan,
    period_start: fromIsoDate(r.periodStart).toISOString(),
    period_end: fromIsoDate(r.periodEnd).toISOString(),
  }));
}

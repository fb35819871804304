import { date, index, integer, pgTable, text, uniqueIndex, uuid, bigint } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { brandIdColumn, brands } from './identity';

/** One subscription per brand (SPEC §3 Subscription). Periods are calendar months (UTC). */
export const subscriptions = pgTable('subscriptions', {
  brandId: uuid('brand_id')
    .primaryKey()
    .references(() => brands.id, { onDelete: 'cascade' }),
  plan: text('plan').notNull(),
  status: text('status').notNull().default('active'),
  startedAt: ts('started_at').notNull(),
  /** Card on file (brand, last 4, expiry); without one, closed invoices stay pending, then overdue. */
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  cardExpMonth: integer('card_exp_month'),
  cardExpYear: integer('card_exp_year'),
  createdAt: ts('created_at').notNull(),
});

/** One invoice per brand and billing period (SPEC §3 Invoice); amounts in cents. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: brandIdColumn(),
    number: text('number').notNull(),
    status: text('status').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    /** The invoice date: the first day after its period. */
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    plan: text('plan').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('invoices_brand_period_idx').on(t.brandId, t.periodStart), uniqueIndex('invoices_number_idx').on(t.number)],
);

/** API calls per brand and calendar month, flushed in batches by the usage meter. */
export const usageCounters = pgTable(
  'usage_counters',
  {
    brandId: brandIdColumn(),
    /** `YYYY-MM` (UTC). */
    month: text('month').notNull(),
    apiCalls: bigint('api_calls', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('usage_counters_brand_month_idx').on(t.brandId, t.month), index('usage_counters_month_idx').on(t.month)],
);

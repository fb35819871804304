import { z } from 'zod';
import { DEFAULT_PLAN_LABEL } from './limits';

export const PLAN_NAMES = ['Starter', DEFAULT_PLAN_LABEL, 'Enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export interface PlanLimits {
  api_calls: number;
  /** Bytes. */
  storage: number;
  emails: number;
  devices: number;
}

const GB = 1024 ** 3;

/** The plans: monthly price in USD and the limits usage is measured against. */
export const PLANS: Record<PlanName, { price: number; limits: PlanLimits }> = {
  Starter: { price: 29, limits: { api_calls: 10_000, storage: 1 * GB, emails: 1_000, devices: 5 } },
  Professional: { price: 99, limits: { api_calls: 100_000, storage: 10 * GB, emails: 10_000, devices: 25 } },
  Enterprise: { price: 499, limits: { api_calls: 1_000_000, storage: 100 * GB, emails: 100_000, devices: 250 } },
};

export const PaymentMethodSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number(),
  exp_year: z.number(),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** SPEC §3 Subscription (`plan, amount, next_billing_date`); amounts in USD. */
export const SubscriptionSchema = z.object({
  plan: z.string(),
  amount: z.number(),
  currency: z.literal('USD'),
  status: z.string(),
  billing_cycle: z.literal('monthly'),
  started_at: z.string(),
  current_period_start: z.string(),
  current_period_end: z.string(),
  next_billing_date: z.string(),
  payment_method: PaymentMethodSchema.nullable(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/**
 * SPEC §3 Usage for the current calendar month (UTC): API calls and mails sent this month,
 * storage (bytes) and devices in total. API calls may lag by the meter's flush interval on
 * other server instances.
 */
export const UsageSchema = z.object({
  api_calls: z.number(),
  api_calls_limit: z.number(),
  storage: z.number(),
  storage_limit: z.number(),
  emails_sent: z.number(),
  emails_limit: z.number(),
  devices: z.number(),
  devices_limit: z.number(),
  period_start: z.string(),
  period_end: z.string(),
});
export type Usage = z.infer<typeof UsageSchema>;

export const INVOICE_STATUSES = ['paid', 'pending', 'overdue', 'draft'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** SPEC §4: unknown invoice statuses are shown as draft. */
export function invoiceStatusLabel(status: string): InvoiceStatus {
  return (INVOICE_STATUSES as readonly string[]).includes(status) ? (status as InvoiceStatus) : 'draft';
}

/** SPEC §3 Invoice: `date` is the invoice date, `created_at` when the row was made (CONTRACT §Lists). */
export const InvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.string(),
  date: z.string(),
  due_date: z.string(),
  created_at: z.string(),
  amount: z.number(),
  currency: z.literal('USD'),
  plan: z.string(),
  period_start: z.string(),
  period_end: z.string(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const InvoicesQuerySchema = z.object({
  brand_id: z.union([z.uuid(), z.literal('all')]),
  limit: z.coerce.number().int().min(1).max(100).default(24),
});
export const InvoicesResponseSchema = z.object({ invoices: z.array(InvoiceSchema) });
export type InvoicesResponse = z.infer<typeof InvoicesResponseSchema>;

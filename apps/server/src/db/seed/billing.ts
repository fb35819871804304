import { sql } from 'drizzle-orm';
import type { PlanName } from '@console/contract/billing';
import { subscriptions, usageCounters } from '../schema/index';
import { syncInvoices } from '../../modules/billing/service';
import { addMonths, monthKey, monthStart } from '../../modules/billing/periods';
import type { DemoBrandName } from './identity';
import type { SeedContext } from './types';

interface DemoBilling {
  plan: PlanName;
  monthsAgo: number;
  card?: { brand: string; last4: string; expMonth: number; expYear: number };
  /** API calls per day, this month and last. */
  callsPerDay: number;
}

const DEMO_BILLING: Record<DemoBrandName, DemoBilling> = {
  'Acme Robotics': { plan: 'Professional', monthsAgo: 7, card: { brand: 'Visa', last4: '4242', expMonth: 8, expYear: 2028 }, callsPerDay: 2_350 },
  'Globex Support': { plan: 'Enterprise', monthsAgo: 11, card: { brand: 'Mastercard', last4: '5454', expMonth: 3, expYear: 2027 }, callsPerDay: 18_400 },
  // No card on file: its closed invoices show as pending, then overdue.
  Initech: { plan: 'Starter', monthsAgo: 3, callsPerDay: 210 },
};

/** Demo subscriptions, metered API calls for this and last month, and the invoices of past periods. */
export async function seedBilling(seed: SeedContext) {
  const now = seed.clock.now();
  const start = monthStart(now);
  const dayOfMonth = Math.max(1, Math.floor((now.getTime() - start.getTime()) / 86_400_000) + 1);
  const lastMonthDays = Math.round((start.getTime() - addMonths(now, -1).getTime()) / 86_400_000);
  for (const [name, demo] of Object.entries(DEMO_BILLING) as Array<[DemoBrandName, DemoBilling]>) {
    const brandId = seed.brands[name];
    const startedAt = new Date(addMonths(now, -demo.monthsAgo).getTime() + 9 * 86_400_000 + 13 * 3_600_000);
    await seed.db.insert(subscriptions).values({
      brandId,
      plan: demo.plan,
      status: 'active',
      startedAt,
      cardBrand: demo.card?.brand ?? null,
      cardLast4: demo.card?.last4 ?? null,
      cardExpMonth: demo.card?.expMonth ?? null,
      cardExpYear: demo.card?.expYear ?? null,
      createdAt: startedAt,
    });
    // Vary the daily rate a little so brands do not look machine-made.
    const jitter = 0.85 + (brandId.charCodeAt(0) % 30) / 100;
    await seed.db
      .insert(usageCounters)
      .values([
        { brandId, month: monthKey(now), apiCalls: Math.round(demo.callsPerDay * dayOfMonth * jitter) },
        { brandId, month: monthKey(addMonths(now, -1)), apiCalls: Math.round(demo.callsPerDay * lastMonthDays * 0.93) },
      ])
      .onConflictDoUpdate({ target: [usageCounters.brandId, usageCounters.month], set: { apiCalls: sql`excluded.api_calls` } });
    await syncInvoices(seed, brandId);
  }
}

import { and, desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { invoices, subscriptions, usageCounters } from '../../db/schema/index';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;

export async function findSubscription(db: Db, brandId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.brandId, brandId)).limit(1);
  return row;
}

export async function insertSubscriptionIfMissing(db: Db, values: typeof subscriptions.$inferInsert) {
  await db.insert(subscriptions).values(values).onConflictDoNothing();
}

/**
 * Writes the invoices of the given periods: new periods are inserted; existing ones get the
 * current status and amount unless already paid (a paid invoice never changes).
 */
export async function upsertInvoices(db: Db, rows: NewInvoice[]) {
  if (rows.length === 0) return;
  await db
    .insert(invoices)
    .values(rows)
    .onConflictDoUpdate({
      target: [invoices.brandId, invoices.periodStart],
      set: { status: sql`excluded.status`, amountCents: sql`excluded.amount_cents` },
      setWhere: sql`${invoices.status} <> 'paid'`,
    });
}

export async function listInvoices(db: Db, brandId: string, limit: number) {
  return db.select().from(invoices).where(eq(invoices.brandId, brandId)).orderBy(desc(invoices.periodStart)).limit(limit);
}

export async function findApiCalls(db: Db, brandId: string, month: string): Promise<number> {
  const [row] = await db
    .select({ n: usageCounters.apiCalls })
    .from(usageCounters)
    .where(and(eq(usageCounters.brandId, brandId), eq(usageCounters.month, month)))
    .limit(1);
  return Number(row?.n ?? 0);
}

/** Which of the other modules' tables exist (usage reads them with raw SQL, defensively). */
async function existingTables(db: Db, names: string[]): Promise<Set<string>> {
  const checks = names.map((n) => sql`to_regclass(${n}) is not null as ${sql.identifier(n)}`);
  const [row] = rowsOf<Record<string, boolean>>(await db.execute(sql`select ${sql.join(checks, sql`, `)}`));
  return new Set(names.filter((n) => row?.[n]));
}

/** Activity measured from other modules' data: storage bytes, mails sent in a period, active devices. */
export async function measureActivity(db: Db, brandId: string, from: Date, to: Date) {
  const tables = await existingTables(db, ['messages', 'emails', 'email_attachments', 'devices']);
  const parts = [
    tables.has('messages')
      ? sql`(select coalesce(sum(octet_length(content) + octet_length(metadata::text)), 0) from messages where brand_id = ${brandId})`
      : sql`0`,
    tables.has('emails')
      ? sql`(select coalesce(sum(octet_length(subject) + octet_length(text_body) + octet_length(from_address)), 0) from emails where brand_id = ${brandId})`
      : sql`0`,
    tables.has('email_attachments') ? sql`(select coalesce(sum(size), 0) from email_attachments where brand_id = ${brandId})` : sql`0`,
  ];
  const sent = tables.has('emails')
    ? sql`(select count(*) from emails where brand_id = ${brandId} and folder = 'sent' and received_at >= ${from.toISOString()} and received_at < ${to.toISOString()})`
    : sql`0`;
  const devices = tables.has('devices') ? sql`(select count(*) from devices where brand_id = ${brandId} and revoked_at is null)` : sql`0`;
  const [row] = rowsOf<{ storage: string | number; sent: string | number; devices: string | number }>(
    await db.execute(sql`select (${sql.join(parts, sql` + `)})::bigint as storage, ${sent}::bigint as sent, ${devices}::bigint as devices`),
  );
  return { storage: Number(row?.storage ?? 0), emailsSent: Number(row?.sent ?? 0), devices: Number(row?.devices ?? 0) };
}

import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tickets } from '../../db/schema/index';

export type TicketRow = typeof tickets.$inferSelect;
export type NewTicketRow = typeof tickets.$inferInsert;

/** One page of tickets, newest first, and how many match in all. */
export async function selectTicketPage(db: Db, where: SQL | undefined, page: { offset: number; limit: number }) {
  const [rows, [total]] = await Promise.all([
    db.select().from(tickets).where(where).orderBy(desc(tickets.createdAt), desc(tickets.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(tickets).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function countTicketsWhere(db: Db, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(tickets).where(where);
  return Number(row?.n ?? 0);
}

export async function findTicketById(db: Db, id: string) {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id)).limit(1);
  return row;
}

export async function insertTicket(db: Db, values: NewTicketRow) {
  const [row] = await db.insert(tickets).values(values).returning();
  return row;
}

export async function updateTicketRow(db: Db, brandId: string, id: string, values: Partial<NewTicketRow>) {
  const [row] = await db
    .update(tickets)
    .set(values)
    .where(and(eq(tickets.brandId, brandId), eq(tickets.id, id)))
    .returning();
  return row;
}

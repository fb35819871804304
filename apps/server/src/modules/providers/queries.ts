import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberships, providerConnections } from '../../db/schema/index';

export type ProviderConnectionRow = typeof providerConnections.$inferSelect;
export type NewProviderConnection = typeof providerConnections.$inferInsert;

/** Inserts or replaces the brand's connection to a provider (one per brand and provider). */
export async function upsertConnection(db: Db, values: NewProviderConnection): Promise<ProviderConnectionRow> {
  const [row] = await db
    .insert(providerConnections)
    .values(values)
    .onConflictDoUpdate({
      target: [providerConnections.brandId, providerConnections.providerName],
      set: {
        providerType: values.providerType,
        configSealed: values.configSealed,
        fieldsMasked: values.fieldsMasked,
        healthStatus: values.healthStatus,
        healthMessage: values.healthMessage,
        lastCheckedAt: values.lastCheckedAt,
        updatedAt: values.updatedAt,
      },
    })
    .returning();
  return row;
}

export async function findConnectionById(db: Db, id: string) {
  const [row] = await db.select().from(providerConnections).where(eq(providerConnections.id, id)).limit(1);
  return row;
}

export async function listBrandConnections(db: Db, brandId: string) {
  return db.select().from(providerConnections).where(eq(providerConnections.brandId, brandId)).orderBy(asc(providerConnections.createdAt), asc(providerConnections.id));
}

/** Connections of every brand the user belongs to. */
export async function listUserConnections(db: Db, userId: string) {
  const brandIds = db.select({ id: memberships.brandId }).from(memberships).where(eq(memberships.userId, userId));
  return db
    .select()
    .from(providerConnections)
    .where(inArray(providerConnections.brandId, brandIds))
    .orderBy(asc(providerConnections.createdAt), asc(providerConnections.id));
}

export async function updateConnectionHealth(db: Db, id: string, now: Date, health: { status: string; message: string | null; checkedAt: Date | null }) {
  const [row] = await db
    .update(providerConnections)
    .set({ healthStatus: health.status, healthMessage: health.message, lastCheckedAt: health.checkedAt, updatedAt: now })
    .where(eq(providerConnections.id, id))
    .returning();
  return row;
}

export async function deleteConnection(db: Db, brandId: string, id: string) {
  await db.delete(providerConnections).where(and(eq(providerConnections.id, id), eq(providerConnections.brandId, brandId)));
}

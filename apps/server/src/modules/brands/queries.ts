import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, memberships } from '../../db/schema/index';

export async function findMembership(db: Db, userId: string, brandId: string) {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.brandId, brandId)))
    .limit(1);
  return row;
}

export async function findBrandById(db: Db, brandId: string) {
  const [row] = await db.select().from(brands).where(eq(brands.id, brandId)).limit(1);
  return row;
}

export async function findBrandByApiKeyIndex(db: Db, apiKeyIndex: string) {
  const [row] = await db.select().from(brands).where(eq(brands.apiKeyIndex, apiKeyIndex)).limit(1);
  return row;
}

/** The brands a user belongs to, with the role in each, by name. */
export async function listUserBrands(db: Db, userId: string) {
  return db
    .select({ id: brands.id, name: brands.name, role: memberships.role, apiKeySealed: brands.apiKeySealed })
    .from(memberships)
    .innerJoin(brands, eq(brands.id, memberships.brandId))
    .where(eq(memberships.userId, userId))
    .orderBy(brands.name);
}

export async function listAllBrands(db: Db) {
  return db.select({ id: brands.id, name: brands.name, apiKeySealed: brands.apiKeySealed }).from(brands).orderBy(brands.name);
}

export async function listBrandIds(db: Db, ids?: string[]) {
  const q = db.select({ id: brands.id }).from(brands);
  return ids ? q.where(inArray(brands.id, ids)) : q;
}

/** Adds a member, or sets the role of one already there. */
export async function upsertMembership(db: Db, input: { brandId: string; userId: string; role: string }) {
  const [row] = await db
    .insert(memberships)
    .values(input)
    .onConflictDoUpdate({ target: [memberships.brandId, memberships.userId], set: { role: input.role } })
    .returning();
  return row;
}

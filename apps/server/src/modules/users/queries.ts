import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberships, users } from '../../db/schema/index';

const memberColumns = {
  id: memberships.id,
  userId: memberships.userId,
  brandId: memberships.brandId,
  role: memberships.role,
  createdAt: memberships.createdAt,
  name: users.name,
  email: users.email,
  isSuperAdmin: users.isSuperAdmin,
};

export type MemberRow = Awaited<ReturnType<typeof selectMembers>>[number];

/** Members (one row per membership) under a brand filter, by name. */
export async function selectMembers(db: Db, where: SQL | undefined) {
  return db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where)
    .orderBy(asc(sql`lower(${users.name})`), asc(memberships.brandId), asc(memberships.id));
}

export async function findMember(db: Db, brandId: string, userId: string) {
  const [row] = await selectMembers(db, and(eq(memberships.brandId, brandId), eq(memberships.userId, userId)));
  return row;
}

/** Locks the brand's owner memberships until the transaction ends and returns their user ids. */
export async function lockOwners(db: Db, brandId: string) {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.brandId, brandId), eq(memberships.role, 'owner')))
    .for('update');
  return rows.map((r) => r.userId);
}

export async function updateMemberRole(db: Db, brandId: string, userId: string, role: string) {
  await db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.brandId, brandId), eq(memberships.userId, userId)));
}

export async function grantSuperAdmin(db: Db, userId: string) {
  await db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, userId));
}

export async function deleteMember(db: Db, brandId: string, userId: string) {
  const rows = await db
    .delete(memberships)
    .where(and(eq(memberships.brandId, brandId), eq(memberships.userId, userId)))
    .returning({ id: memberships.id });
  return rows.length > 0;
}

import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures, memberships, sessions, users } from '../../db/schema/index';

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertSession(db: Db, values: { userId: string; tokenHash: string; expiresAt: Date; createdAt: Date }) {
  await db.insert(sessions).values(values);
}

/** The live session for a token hash: not revoked, not expired. */
export async function findLiveSession(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: sessions.id, expiresAt: sessions.expiresAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

/**
 * The live session for a token hash with the user's role in one brand (null when not a member):
 * one round trip for the brand guard, which runs on almost every request.
 */
export async function findLiveSessionInBrand(db: Db, tokenHash: string, now: Date, brandId: string) {
  const [row] = await db
    .select({ id: sessions.id, expiresAt: sessions.expiresAt, user: users, role: memberships.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(memberships, and(eq(memberships.userId, sessions.userId), eq(memberships.brandId, brandId)))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

export async function revokeSession(db: Db, sessionId: string, now: Date) {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

export async function countFailuresSince(db: Db, key: string, since: Date) {
  const [row] = await db
    .select({ n: count(), oldest: sql<string | Date | null>`min(${loginFailures.createdAt})` })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.createdAt, since)));
  return { n: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function recordFailures(db: Db, keys: string[], at: Date) {
  await db.insert(loginFailures).values(keys.map((key) => ({ key, createdAt: at })));
}

export async function pruneFailures(db: Db, before: Date) {
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, before));
}

import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { domainDnsRecords, domains } from '../../db/schema/index';

export type DomainRow = typeof domains.$inferSelect;
export type DnsRecordRow = typeof domainDnsRecords.$inferSelect;
export type NewDnsRecord = typeof domainDnsRecords.$inferInsert;

/** A domain by id, whatever its brand (callers check membership before using it). */
export async function findDomainById(db: Db, id: string) {
  const [row] = await db.select().from(domains).where(eq(domains.id, id)).limit(1);
  return row;
}

/** A brand's domains: primary first, then verified, then newest. */
export async function listBrandDomains(db: Db, brandId: string) {
  return db
    .select()
    .from(domains)
    .where(eq(domains.brandId, brandId))
    .orderBy(desc(domains.isPrimary), sql`${domains.verifiedAt} is null`, desc(domains.createdAt), asc(domains.name));
}

export async function findBrandDomainByName(db: Db, brandId: string, name: string) {
  const [row] = await db
    .select()
    .from(domains)
    .where(and(eq(domains.brandId, brandId), eq(domains.name, name)))
    .limit(1);
  return row;
}

/** The verified domain of that name in another brand, if any (CONTRACT §Domains). */
export async function findVerifiedElsewhere(db: Db, brandId: string, name: string) {
  const [row] = await db
    .select({ id: domains.id })
    .from(domains)
    .where(and(eq(domains.name, name), isNotNull(domains.verifiedAt), ne(domains.brandId, brandId)))
    .limit(1);
  return row;
}

export async function insertDomain(db: Db, values: { brandId: string; name: string }) {
  const [row] = await db.insert(domains).values(values).returning();
  return row;
}

export async function updateDomain(db: Db, id: string, set: Partial<typeof domains.$inferInsert>) {
  const [row] = await db.update(domains).set(set).where(eq(domains.id, id)).returning();
  return row;
}

export async function deleteDomainRow(db: Db, id: string) {
  await db.delete(domains).where(eq(domains.id, id));
}

export async function findPrimaryDomain(db: Db, brandId: string) {
  const [row] = await db
    .select()
    .from(domains)
    .where(and(eq(domains.brandId, brandId), eq(domains.isPrimary, true)))
    .limit(1);
  return row;
}

/** The oldest verified domain of a brand other than `exceptId` (the next primary). */
export async function findOldestVerified(db: Db, brandId: string, exceptId?: string) {
  const [row] = await db
    .select()
    .from(domains)
    .where(and(eq(domains.brandId, brandId), isNotNull(domains.verifiedAt), exceptId ? ne(domains.id, exceptId) : undefined))
    .orderBy(asc(domains.verifiedAt), asc(domains.createdAt))
    .limit(1);
  return row;
}

export async function clearPrimary(db: Db, brandId: string) {
  await db
    .update(domains)
    .set({ isPrimary: false })
    .where(and(eq(domains.brandId, brandId), eq(domains.isPrimary, true)));
}

export async function listDnsRecords(db: Db, brandId: string, domainId: string) {
  return db
    .select()
    .from(domainDnsRecords)
    .where(and(eq(domainDnsRecords.brandId, brandId), eq(domainDnsRecords.domainId, domainId)));
}

/** Inserts or replaces the domain's record for each purpose. */
export async function upsertDnsRecords(db: Db, records: NewDnsRecord[]) {
  if (records.length === 0) return;
  await db
    .insert(domainDnsRecords)
    .values(records)
    .onConflictDoUpdate({
      target: [domainDnsRecords.domainId, domainDnsRecords.purpose],
      set: {
        type: sql`excluded.type`,
        name: sql`excluded.name`,
        content: sql`excluded.content`,
        priority: sql`excluded.priority`,
        verified: sql`excluded.verified`,
        checkedAt: sql`excluded.checked_at`,
      },
    });
}

/** Each brand's primary verified domain name. */
export async function findPrimaryVerifiedNames(db: Db, brandIds: string[]) {
  if (brandIds.length === 0) return [];
  return db
    .select({ brandId: domains.brandId, name: domains.name })
    .from(domains)
    .where(and(inArray(domains.brandId, brandIds), eq(domains.isPrimary, true), isNotNull(domains.verifiedAt)));
}

/** The brand's primary verified domain, if chat email is enabled on it. */
export async function findPrimaryChatDomain(db: Db, brandId: string) {
  const [row] = await db
    .select()
    .from(domains)
    .where(
      and(eq(domains.brandId, brandId), eq(domains.isPrimary, true), isNotNull(domains.verifiedAt), eq(domains.chatEmailEnabled, true)),
    )
    .limit(1);
  return row;
}

/**
 * The host of a brand's chat addresses from its domains (CONTRACT §Mail): `<chat subdomain>.` +
 * the primary verified domain when chat is enabled on it; undefined when the brand has none.
 */
export async function findChatEmailHost(ctx: { db: Db }, brandId: string): Promise<string | undefined> {
  const row = await findPrimaryChatDomain(ctx.db, brandId);
  return row ? `${row.chatSubdomain}.${row.name}` : undefined;
}

import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailAttachments, emails } from '../../db/schema/index';

export type EmailRow = typeof emails.$inferSelect;
export type EmailAttachmentRow = Omit<typeof emailAttachments.$inferSelect, 'content'>;

export interface NewEmail {
  brandId: string;
  folder: string;
  fromAddress: string;
  fromName: string | null;
  toAddresses: string[];
  subject: string;
  textBody: string;
  preview: string;
  read: boolean;
  messageId: string | null;
  auth: Record<string, unknown> | null;
  receivedAt: Date;
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
  /** Defaults to whether any attachment is stored; true also when attachments were over the size cap. */
  hasAttachments?: boolean;
}

/**
 * Inserts a mail with its attachments in one transaction. A mail whose Message-ID the brand
 * already has (a retried delivery) is not stored twice: the existing row is returned.
 */
export async function insertEmail(db: Db, values: NewEmail): Promise<{ row: EmailRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const { attachments, hasAttachments, ...email } = values;
    const [row] = await tx
      .insert(emails)
      .values({ ...email, hasAttachments: hasAttachments ?? attachments.length > 0 })
      .onConflictDoNothing({ target: [emails.brandId, emails.messageId], where: sql`${emails.messageId} is not null` })
      .returning();
    if (!row) {
      const [existing] = await tx
        .select()
        .from(emails)
        .where(and(eq(emails.brandId, values.brandId), eq(emails.messageId, values.messageId ?? '')));
      return { row: existing, created: false };
    }
    if (attachments.length > 0) {
      await tx.insert(emailAttachments).values(
        attachments.map((a) => ({ brandId: values.brandId, emailId: row.id, filename: a.filename, contentType: a.contentType, size: a.content.length, content: a.content })),
      );
    }
    return { row, created: true };
  });
}

/** Unread and total mails per folder of one brand. */
export async function selectFolderCounts(db: Db, brandId: string) {
  return db
    .select({
      folder: emails.folder,
      total: count().mapWith(Number),
      unread: sql<number>`count(*) filter (where not ${emails.read})`.mapWith(Number),
    })
    .from(emails)
    .where(eq(emails.brandId, brandId))
    .groupBy(emails.folder);
}

export async function selectEmails(db: Db, brandId: string, folder: string, opts: { limit: number; offset: number }) {
  const where = and(eq(emails.brandId, brandId), eq(emails.folder, folder));
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(emails).where(where).orderBy(desc(emails.receivedAt), desc(emails.id)).limit(opts.limit).offset(opts.offset),
    db.select({ total: count().mapWith(Number) }).from(emails).where(where),
  ]);
  return { rows, total };
}

export async function selectEmail(db: Db, brandId: string, id: string): Promise<EmailRow | undefined> {
  const [row] = await db.select().from(emails).where(and(eq(emails.brandId, brandId), eq(emails.id, id)));
  return row;
}

export async function selectAttachments(db: Db, brandId: string, emailId: string): Promise<EmailAttachmentRow[]> {
  return db
    .select({
      id: emailAttachments.id,
      brandId: emailAttachments.brandId,
      emailId: emailAttachments.emailId,
      filename: emailAttachments.filename,
      contentType: emailAttachments.contentType,
      size: emailAttachments.size,
    })
    .from(emailAttachments)
    .where(and(eq(emailAttachments.brandId, brandId), eq(emailAttachments.emailId, emailId)))
    .orderBy(asc(emailAttachments.filename));
}

/** Sets fields of one brand's mail; returns the updated row, or undefined when nothing matched. */
export async function updateEmail(db: Db, brandId: string, id: string, set: Partial<Pick<EmailRow, 'read' | 'folder'>>) {
  const [row] = await db
    .update(emails)
    .set(set)
    .where(and(eq(emails.brandId, brandId), eq(emails.id, id)))
    .returning();
  return row;
}

/** One attachment with its content, only within the brand and the mail it belongs to. */
export async function selectAttachmentContent(db: Db, brandId: string, emailId: string, attachmentId: string) {
  const [row] = await db
    .select({ filename: emailAttachments.filename, contentType: emailAttachments.contentType, content: emailAttachments.content })
    .from(emailAttachments)
    .where(and(eq(emailAttachments.brandId, brandId), eq(emailAttachments.emailId, emailId), eq(emailAttachments.id, attachmentId)))
    .limit(1);
  return row;
}

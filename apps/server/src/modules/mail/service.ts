import { eq, not } from 'drizzle-orm';
import type { Count } from '@console/contract/common';
import { MAIL_FOLDERS, type Email, type EmailDetail, type MailFolder, type MailFolderName } from '@console/contract/mail';
import type { AppContext } from '../../context';
import { countWithTrend } from '../../db/counts';
import { emails } from '../../db/schema/index';
import { notFound } from '../../http/errors';
import { insertEmail, selectAttachmentContent, selectAttachments, selectEmail, selectEmails, selectFolderCounts, updateEmail, type EmailRow, type NewEmail } from './queries';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'events'>;

/** SPEC §2: folder labels, in display order. */
export const FOLDER_LABELS: Record<MailFolderName, string> = { inbox: 'Inbox', sent: 'Sent', drafts: 'Drafts', archive: 'Archive' };

/** Characters of body text shown as a row's preview. */
export const PREVIEW_CHARS = 140;

export function previewOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= PREVIEW_CHARS ? flat : `${flat.slice(0, PREVIEW_CHARS - 1).trimEnd()}…`;
}

/** SPEC §3 Email as JSON. */
export function toEmail(row: EmailRow): Email {
  return {
    id: row.id,
    from: row.fromAddress,
    fromName: row.fromName,
    subject: row.subject,
    preview: row.preview,
    read: row.read,
    hasAttachments: row.hasAttachments,
    receivedAt: row.receivedAt.toISOString(),
    folder: row.folder as MailFolderName,
  };
}

/** The four folders of a brand's mailbox with unread and total counts (SPEC §2, §3 Mail folder). */
export async function listFolders(ctx: Pick<AppContext, 'db'>, brandId: string): Promise<MailFolder[]> {
  const counts = new Map((await selectFolderCounts(ctx.db, brandId)).map((r) => [r.folder, r]));
  return MAIL_FOLDERS.map((id) => ({
    id,
    name: FOLDER_LABELS[id],
    unreadCount: counts.get(id)?.unread ?? 0,
    totalCount: counts.get(id)?.total ?? 0,
  }));
}

/** One page of a folder, newest first. */
export async function listEmails(ctx: Pick<AppContext, 'db'>, brandId: string, opts: { folder: MailFolderName; page: number; limit: number }) {
  const { rows, total } = await selectEmails(ctx.db, brandId, opts.folder, { limit: opts.limit, offset: (opts.page - 1) * opts.limit });
  return { emails: rows.map(toEmail), pagination: { page: opts.page, limit: opts.limit, total } };
}

/**
 * CONTRACT §Lists and counts for the Unread Emails card: unread inbox mails, all inbox mails, and
 * the trend of inbox mails received in the last 7 days against the 7 before.
 */
export async function countUnread(ctx: Pick<AppContext, 'db' | 'clock'>, brandId: string | 'all'): Promise<Count> {
  return countWithTrend(ctx, {
    table: emails,
    brand: brandId === 'all' ? undefined : eq(emails.brandId, brandId),
    scope: eq(emails.folder, 'inbox'),
    counted: not(emails.read),
    createdAt: emails.receivedAt,
    trendOver: 'all',
  });
}

/** Opens one mail: marks it read and returns it with its body and attachment list. */
export async function openEmail(ctx: Ctx, brandId: string, id: string): Promise<EmailDetail> {
  let row = await selectEmail(ctx.db, brandId, id);
  if (!row) throw notFound('Email');
  if (!row.read) {
    row = (await updateEmail(ctx.db, brandId, id, { read: true })) ?? row;
    await ctx.events.publish({ type: 'counts.changed', brandId, data: { kind: 'mail' } });
  }
  const attachments = await selectAttachments(ctx.db, brandId, id);
  return {
    ...toEmail(row),
    to: row.toAddresses,
    text: row.textBody,
    attachments: attachments.map((a) => ({ id: a.id, filename: a.filename, contentType: a.contentType, size: a.size })),
  };
}

/** A MIME type as sent by the mail's author, kept only when it is well-formed. */
const SAFE_CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;

/** An attachment's bytes for download; another brand's or a missing one is 404. */
export async function readAttachment(ctx: Ctx, brandId: string, emailId: string, attachmentId: string) {
  const row = await selectAttachmentContent(ctx.db, brandId, emailId, attachmentId);
  if (!row) throw notFound('Attachment');
  const contentType = SAFE_CONTENT_TYPE.test(row.contentType) ? row.contentType.toLowerCase() : 'application/octet-stream';
  return { filename: row.filename, contentType, content: Buffer.from(row.content) };
}

/** Moves a mail to the archive folder. */
export async function archiveEmail(ctx: Ctx, brandId: string, id: string): Promise<Email> {
  const row = await updateEmail(ctx.db, brandId, id, { folder: 'archive' });
  if (!row) throw notFound('Email');
  await ctx.events.publish({ type: 'counts.changed', brandId, data: { kind: 'mail' } });
  return toEmail(row);
}

/**
 * Stores a mail in a brand's mailbox (inbound SMTP or demo data) and announces it:
 * `mail.received` and `counts.changed {kind: 'mail'}` on the brand's live stream.
 */
export async function storeEmail(ctx: Ctx, input: Omit<NewEmail, 'preview' | 'read'> & { read?: boolean }): Promise<{ email: Email; created: boolean }> {
  const { row, created } = await insertEmail(ctx.db, { ...input, read: input.read ?? false, preview: previewOf(input.textBody) });
  if (created) {
    await ctx.events.publish({ type: 'mail.received', brandId: input.brandId, data: { folder: row.folder, email_id: row.id } });
    await ctx.events.publish({ type: 'counts.changed', brandId: input.brandId, data: { kind: 'mail' } });
  }
  return { email: toEmail(row), created };
}

import { z } from 'zod';
import { PageQuerySchema, PaginationSchema } from './common';

/** SPEC §2 Email panel: the mailbox folders, in display order. */
export const MAIL_FOLDERS = ['inbox', 'sent', 'drafts', 'archive'] as const;
export const MailFolderNameSchema = z.enum(MAIL_FOLDERS);
export type MailFolderName = z.infer<typeof MailFolderNameSchema>;

/** SPEC §3 Mail folder. `id` is the folder key (`inbox`, …), `name` its label. */
export const MailFolderSchema = z.object({
  id: MailFolderNameSchema,
  name: z.string(),
  unreadCount: z.number(),
  totalCount: z.number(),
});
export type MailFolder = z.infer<typeof MailFolderSchema>;

export const MailFoldersResponseSchema = z.object({ folders: z.array(MailFolderSchema) });
export type MailFoldersResponse = z.infer<typeof MailFoldersResponseSchema>;

/** SPEC §3 Email: one row of a folder listing. */
export const EmailSchema = z.object({
  id: z.uuid(),
  /** The sender's address; `fromName` is the display name when the mail had one. */
  from: z.string(),
  fromName: z.string().nullable(),
  subject: z.string(),
  preview: z.string(),
  read: z.boolean(),
  hasAttachments: z.boolean(),
  receivedAt: z.string(),
  folder: MailFolderNameSchema,
});
export type Email = z.infer<typeof EmailSchema>;

export const EmailAttachmentSchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number(),
});
export type EmailAttachment = z.infer<typeof EmailAttachmentSchema>;

/** One opened email: the row plus its addresses, plain-text body and attachment list. */
export const EmailDetailSchema = EmailSchema.extend({
  to: z.array(z.string()),
  text: z.string(),
  attachments: z.array(EmailAttachmentSchema),
});
export type EmailDetail = z.infer<typeof EmailDetailSchema>;

export const EmailsResponseSchema = z.object({ emails: z.array(EmailSchema), pagination: PaginationSchema });
export type EmailsResponse = z.infer<typeof EmailsResponseSchema>;

/** `GET /api/mail/inbox?folder=` (brand API key) and `GET /api/v1/mail/inbox?brand_id&folder=`. */
export const MailListQuerySchema = PageQuerySchema.extend({ folder: MailFolderNameSchema.default('inbox') });
export type MailListQuery = z.infer<typeof MailListQuerySchema>;

/** The brand API key routes (CONTRACT §Identity): `X-API-Key` and `X-Brand-Id` headers. */
export const MailApiKeyHeadersSchema = z.object({
  'x-api-key': z.string().optional(),
  'x-brand-id': z.string().optional(),
});

/** `GET /api/mail/inbox/unread`: the count shape plus `unread` (SPEC §7 "reads unread"). */
export const MailUnreadSchema = z.object({ count: z.number(), total: z.number(), trend: z.number(), unread: z.number() });
export type MailUnread = z.infer<typeof MailUnreadSchema>;

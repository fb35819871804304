import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { brandIdColumn } from './identity';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** A brand's mailbox (SPEC §2 Email panel): one row per mail, in one of inbox/sent/drafts/archive. */
export const emails = pgTable(
  'emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: brandIdColumn(),
    folder: text('folder').notNull(),
    fromAddress: text('from_address').notNull(),
    fromName: text('from_name'),
    toAddresses: jsonb('to_addresses').$type<string[]>().notNull().default([]),
    subject: text('subject').notNull().default(''),
    textBody: text('text_body').notNull().default(''),
    preview: text('preview').notNull().default(''),
    read: boolean('read').notNull().default(false),
    hasAttachments: boolean('has_attachments').notNull().default(false),
    /** Message-ID header, to ignore a retried delivery of the same mail. */
    messageId: text('message_id'),
    /** SPF/DKIM/DMARC results of an inbound mail. */
    auth: jsonb('auth').$type<Record<string, unknown>>(),
    receivedAt: ts('received_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('emails_brand_folder_received_idx').on(t.brandId, t.folder, t.receivedAt),
    uniqueIndex('emails_brand_message_id_idx').on(t.brandId, t.messageId).where(sql`${t.messageId} is not null`),
  ],
);

/** Attachments of a mailbox mail, kept in the database up to the configured size cap. */
export const emailAttachments = pgTable(
  'email_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: brandIdColumn(),
    emailId: uuid('email_id')
      .notNull()
      .references(() => emails.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('email_attachments_brand_email_idx').on(t.brandId, t.emailId)],
);

/**
 * Domains whose mail the SMTP listener accepts for a brand (mail/routing.ts):
 * `kind = 'mailbox'`: any address at `domain` lands in the brand's inbox;
 * `kind = 'chat'`: `{conversation id}@chat.{domain}` reaches the brand's conversations.
 * The domains module keeps these rows in step with verified, email-configured, chat-enabled domains.
 */
export const mailRoutes = pgTable(
  'mail_routes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: brandIdColumn(),
    domain: text('domain').notNull(),
    kind: text('kind').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mail_routes_domain_kind_idx').on(t.domain, t.kind), index('mail_routes_brand_idx').on(t.brandId)],
);

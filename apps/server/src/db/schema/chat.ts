import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { brandIdColumn, users } from './identity';

/** SPEC §3 Conversation: brand-owned; listed newest activity first. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: brandIdColumn(),
    title: text('title').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  // The list and its cursor: WHERE brand_id = ? ORDER BY updated_at DESC, id DESC.
  (t) => [index('conversations_brand_updated_idx').on(t.brandId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/** SPEC §3 Message. `seq` orders messages within a conversation even when timestamps tie. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    brandId: brandIdColumn(),
    role: text('role').notNull(),
    content: text('content').notNull(),
    source: text('source').notNull().default('chat'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('messages_conversation_seq_idx').on(t.conversationId, t.seq),
    index('messages_brand_idx').on(t.brandId),
  ],
);

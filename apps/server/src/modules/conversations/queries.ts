import { and, asc, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { MessageRole, MessageSource } from '@console/contract/chat';
import type { Db } from '../../db/client';
import { conversations, messages } from '../../db/schema/index';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** One page of a brand's conversations, newest activity first; `after` is the last row of the previous page. */
export async function selectConversations(
  db: Db,
  brandId: string,
  opts: { limit: number; after?: { updatedAt: Date; id: string } },
): Promise<ConversationRow[]> {
  const after = opts.after;
  return db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.brandId, brandId),
        after
          ? or(lt(conversations.updatedAt, after.updatedAt), and(eq(conversations.updatedAt, after.updatedAt), lt(conversations.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(opts.limit);
}

export async function selectConversation(db: Db, id: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row;
}

export async function insertConversation(db: Db, values: { brandId: string; title: string; createdBy?: string; now: Date }) {
  const [row] = await db
    .insert(conversations)
    .values({ brandId: values.brandId, title: values.title, createdBy: values.createdBy, createdAt: values.now, updatedAt: values.now })
    .returning();
  return row;
}

export async function deleteConversationRow(db: Db, brandId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.brandId, brandId)))
    .returning({ id: conversations.id });
  return rows.length > 0;
}

/** The newest `limit` messages older than `beforeSeq` (all when unset), returned oldest first. */
export async function selectMessages(db: Db, conversationId: string, opts: { limit: number; beforeSeq?: number }): Promise<MessageRow[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), opts.beforeSeq !== undefined ? lt(messages.seq, opts.beforeSeq) : undefined))
    .orderBy(desc(messages.seq))
    .limit(opts.limit);
  return rows.reverse();
}

export async function insertMessage(
  db: Db,
  values: {
    brandId: string;
    conversationId: string;
    role: MessageRole;
    content: string;
    source: MessageSource;
    metadata: Record<string, unknown>;
    now: Date;
  },
): Promise<MessageRow> {
  const [row] = await db
    .insert(messages)
    .values({
      brandId: values.brandId,
      conversationId: values.conversationId,
      role: values.role,
      content: values.content,
      source: values.source,
      metadata: values.metadata,
      createdAt: values.now,
    })
    .returning();
  return row;
}

/** Bumps the conversation's activity time (never backwards). */
export async function touchConversation(db: Db, id: string, now: Date) {
  await db
    .update(conversations)
    .set({ updatedAt: sql`greatest(${conversations.updatedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(conversations.id, id));
}

export async function updateConversationTitle(db: Db, id: string, title: string, onlyIfTitle: string) {
  await db
    .update(conversations)
    .set({ title })
    .where(and(eq(conversations.id, id), eq(conversations.title, onlyIfTitle)));
}

/** The conversation's first user message (for its auto title). */
export async function selectFirstUserMessage(db: Db, conversationId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.role, 'user')))
    .orderBy(asc(messages.seq))
    .limit(1);
  return row;
}

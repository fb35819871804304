import { AUTO_TITLE_CHARS, type Conversation, type ConversationDetail, type Message, type MessageRole, type MessageSource } from '@console/contract/chat';
import { DEFAULT_CONVERSATION_TITLE } from '@console/contract/limits';
import { hasRole, type BrandRole } from '@console/contract/roles';
import type { AppContext } from '../../context';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { chatAddress } from '../../mail/addresses';
import {
  deleteConversationRow,
  insertConversation,
  insertMessage,
  selectConversation,
  selectConversations,
  selectFirstUserMessage,
  selectMessages,
  touchConversation,
  updateConversationTitle,
  type ConversationRow,
  type MessageRow,
} from './queries';

type BaseCtx = Pick<AppContext, 'db' | 'clock' | 'config' | 'events'>;
type Ctx = BaseCtx & Pick<AppContext, 'cache'>;

/**
 * The brand of each conversation, for the check the chat stream makes before it starts
 * (ARCHITECTURE §Caches). A conversation never changes brand; deleting one drops its entry on
 * every instance.
 */
const CONVERSATION_BRANDS = { ttlMs: 10 * 60_000, max: 50_000 };

function conversationBrands(ctx: Pick<AppContext, 'cache'>) {
  return ctx.cache.cache<string>('conversation-brands', CONVERSATION_BRANDS);
}

const conversationTags = (id: string) => () => [`conversation:${id}`];

/** SPEC §3 Message as JSON. */
export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    role: row.role as MessageRole,
    content: row.content,
    created_at: row.createdAt.toISOString(),
    source: row.source as MessageSource,
    metadata: row.metadata ?? {},
  };
}

async function toConversation(ctx: Ctx, row: ConversationRow): Promise<Conversation> {
  return {
    id: row.id,
    title: row.title,
    updatedAt: row.updatedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    email_address: await chatAddress(ctx, row.brandId, row.id),
  };
}

function encodeCursor(row: ConversationRow) {
  return Buffer.from(`${row.updatedAt.toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { updatedAt: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const updatedAt = new Date(iso ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(updatedAt.getTime())) {
    throw badRequest('Invalid cursor', [{ path: 'querystring.cursor', message: 'Invalid cursor' }]);
  }
  return { updatedAt, id };
}

/** SPEC §7: a brand's conversations, newest activity first, one page at a time. */
export async function listConversations(ctx: Ctx, brandId: string, opts: { limit: number; cursor?: string }) {
  const rows = await selectConversations(ctx.db, brandId, {
    limit: opts.limit + 1,
    after: opts.cursor ? decodeCursor(opts.cursor) : undefined,
  });
  const page = rows.slice(0, opts.limit);
  const nextCursor = rows.length > opts.limit ? encodeCursor(page[page.length - 1]) : null;
  return { conversations: await Promise.all(page.map((row) => toConversation(ctx, row))), nextCursor };
}

export async function createConversation(ctx: Ctx, input: { brandId: string; title?: string; createdBy?: string }): Promise<Conversation> {
  const row = await insertConversation(ctx.db, {
    brandId: input.brandId,
    title: input.title ?? DEFAULT_CONVERSATION_TITLE,
    createdBy: input.createdBy,
    now: ctx.clock.now(),
  });
  await conversationBrands(ctx).through(row.id, conversationTags(row.id), async () => row.brandId);
  return toConversation(ctx, row);
}

/** The conversation if it belongs to the brand; another brand's answers exactly like a missing one. */
export async function requireConversation(ctx: Pick<AppContext, 'db'>, brandId: string, id: string): Promise<ConversationRow> {
  const row = await selectConversation(ctx.db, id);
  if (!row || row.brandId !== brandId) throw notFound('Conversation');
  return row;
}

/** As requireConversation, answered from the cache when it can (the chat stream, before it starts). */
export async function checkConversationBrand(ctx: Pick<AppContext, 'db' | 'cache'>, brandId: string, id: string): Promise<void> {
  const owner = await conversationBrands(ctx).through(id, conversationTags(id), async () => (await selectConversation(ctx.db, id))?.brandId);
  if (owner !== brandId) throw notFound('Conversation');
}

/** SPEC §7: a conversation with its newest messages, oldest first; `before` pages back. */
export async function getConversation(
  ctx: Ctx,
  brandId: string,
  id: string,
  opts: { limit: number; before?: string },
): Promise<ConversationDetail> {
  const row = await requireConversation(ctx, brandId, id);
  let beforeSeq: number | undefined;
  if (opts.before !== undefined) {
    beforeSeq = Number(opts.before);
    if (!Number.isSafeInteger(beforeSeq) || beforeSeq < 1) {
      throw badRequest('Invalid cursor', [{ path: 'querystring.before', message: 'Invalid cursor' }]);
    }
  }
  const rows = await selectMessages(ctx.db, id, { limit: opts.limit + 1, beforeSeq });
  const page = rows.length > opts.limit ? rows.slice(1) : rows;
  return {
    ...(await toConversation(ctx, row)),
    messages: page.map(toMessage),
    next_cursor: rows.length > opts.limit ? String(page[0].seq) : null,
  };
}

/** The owning brand of a conversation (SMTP routing); no access check. */
export async function findConversationBrand(ctx: Pick<AppContext, 'db'>, conversationId: string): Promise<string | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(conversationId)) return undefined;
  return (await selectConversation(ctx.db, conversationId))?.brandId;
}

/** A short title from the first user message: whitespace collapsed, cut at a word boundary. */
export function titleFromText(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= AUTO_TITLE_CHARS) return clean;
  const cut = clean.slice(0, AUTO_TITLE_CHARS - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > AUTO_TITLE_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * Appends a message (chat, the stream's saved reply, or an email), bumps the conversation's
 * activity time and publishes `message.created`. After the first reply, a conversation still
 * titled 'New Chat' is named after its first user message.
 */
export async function appendMessage(
  ctx: BaseCtx,
  input: {
    brandId: string;
    conversationId: string;
    role: MessageRole;
    content: string;
    source?: MessageSource;
    metadata?: Record<string, unknown>;
  },
): Promise<Message> {
  const conversation = await requireConversation(ctx, input.brandId, input.conversationId);
  const now = ctx.clock.now();
  const row = await insertMessage(ctx.db, {
    brandId: input.brandId,
    conversationId: input.conversationId,
    role: input.role,
    content: input.content,
    source: input.source ?? 'chat',
    metadata: input.metadata ?? {},
    now,
  });
  await touchConversation(ctx.db, input.conversationId, now);
  if (input.role === 'assistant' && conversation.title === DEFAULT_CONVERSATION_TITLE) {
    const first = await selectFirstUserMessage(ctx.db, input.conversationId);
    const title = first ? titleFromText(first.content) : '';
    if (title) await updateConversationTitle(ctx.db, input.conversationId, title, DEFAULT_CONVERSATION_TITLE);
  }
  const message = toMessage(row);
  await ctx.events.publish({ type: 'message.created', brandId: input.brandId, data: { conversation_id: input.conversationId, message } });
  return message;
}

/** Deletes a conversation and its messages: its creator, or an editor or above. */
export async function deleteConversation(ctx: Ctx, scope: { brandId: string; role: BrandRole; userId: string }, id: string) {
  const row = await requireConversation(ctx, scope.brandId, id);
  if (row.createdBy !== scope.userId && !hasRole(scope.role, 'editor')) throw forbidden();
  await deleteConversationRow(ctx.db, scope.brandId, id);
  await conversationBrands(ctx).drop(`conversation:${id}`);
}

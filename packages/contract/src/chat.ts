import { z } from 'zod';
import { DEFAULT_CONVERSATION_TITLE, MAX_PAGE_LIMIT } from './limits';

/** SPEC §3 Message roles and where a message came from. */
export const MESSAGE_ROLES = ['user', 'assistant', 'system'] as const;
export const MessageRoleSchema = z.enum(MESSAGE_ROLES);
export type MessageRole = z.infer<typeof MessageRoleSchema>;

export const MESSAGE_SOURCES = ['chat', 'email'] as const;
export const MessageSourceSchema = z.enum(MESSAGE_SOURCES);
export type MessageSource = z.infer<typeof MessageSourceSchema>;

/** Longest message text accepted (characters); the 1 MB body limit applies as well. */
export const MAX_MESSAGE_CHARS = 100_000;
/** Most messages one stream request may carry as history. */
export const MAX_STREAM_MESSAGES = 500;
export const MAX_TITLE_CHARS = 200;
/** Auto titles (from the first user message) are cut to this many characters. */
export const AUTO_TITLE_CHARS = 50;
/** Defaults when a client sends no `limit`: the conversation list and a conversation's newest messages. */
export const DEFAULT_CONVERSATIONS_LIMIT = MAX_PAGE_LIMIT;
export const DEFAULT_MESSAGES_LIMIT = MAX_PAGE_LIMIT;
/** Response header carrying the cursor of the next conversation page (the list itself is a bare array). */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/** SPEC §3 Message; `metadata.from_email` is set on messages that arrived by email. */
export const MessageSchema = z.object({
  id: z.string(),
  role: MessageRoleSchema,
  content: z.string(),
  created_at: z.string(),
  source: MessageSourceSchema,
  metadata: z.record(z.string(), z.unknown()),
});
export type Message = z.infer<typeof MessageSchema>;

/** SPEC §3 Conversation, plus its inbound address (CONTRACT §Mail) for the chat banner. */
export const ConversationSchema = z.object({
  id: z.string(),
  title: z.string(),
  updatedAt: z.string(),
  created_at: z.string(),
  email_address: z.string(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

/** A conversation fetched singly: its messages oldest first (the newest page of them). */
export const ConversationDetailSchema = ConversationSchema.extend({
  messages: z.array(MessageSchema),
  /** Cursor for the page of older messages (`before=`), null when these are all of them. */
  next_cursor: z.string().nullable(),
});
export type ConversationDetail = z.infer<typeof ConversationDetailSchema>;

export const ConversationListSchema = z.array(ConversationSchema);

const limit = (fallback: number) => z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(fallback);

export const ConversationListQuerySchema = z.object({
  brand_id: z.string().min(1),
  limit: limit(DEFAULT_CONVERSATIONS_LIMIT),
  /** The `x-next-cursor` header of the previous page. */
  cursor: z.string().max(200).optional(),
});

export const ConversationQuerySchema = z.object({
  brand_id: z.string().min(1),
  limit: limit(DEFAULT_MESSAGES_LIMIT),
  /** The `next_cursor` of the previous answer: messages older than it. */
  before: z.string().max(40).optional(),
});

export const ConversationParamsSchema = z.object({ id: z.uuid() });
export const BrandIdQuerySchema = z.object({ brand_id: z.string().min(1) });

export const CreateConversationSchema = z.object({
  title: z.string().trim().min(1).max(MAX_TITLE_CHARS).default(DEFAULT_CONVERSATION_TITLE),
});

export const AppendMessageSchema = z.object({
  role: MessageRoleSchema,
  content: z.string().max(MAX_MESSAGE_CHARS),
});
export type AppendMessage = z.infer<typeof AppendMessageSchema>;

/** CONTRACT §Chat stream: the request body. */
export const ChatStreamRequestSchema = z.object({
  messages: z
    .array(z.object({ role: MessageRoleSchema, content: z.string().max(MAX_MESSAGE_CHARS) }))
    .min(1)
    .max(MAX_STREAM_MESSAGES),
  brand_id: z.string().min(1),
  conversation_id: z.uuid().optional(),
});
export type ChatStreamRequest = z.infer<typeof ChatStreamRequestSchema>;

/** CONTRACT §Chat stream: the data of each event. */
export const ChatChunkEventSchema = z.object({ content: z.string() });
export const ChatEndEventSchema = z.object({ message_id: z.string().nullable() });
export const ChatErrorEventSchema = z.object({ error: z.string() });
export type ChatStreamEvent =
  | { event: 'message'; data: z.infer<typeof ChatChunkEventSchema> }
  | { event: 'end'; data: z.infer<typeof ChatEndEventSchema> }
  | { event: 'error'; data: z.infer<typeof ChatErrorEventSchema> };

import type { Message } from '@console/contract/chat';
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { errorMessage } from '../api/client';
import { streamSse } from '../api/sse';
import { chatKeys, postMessage } from './api';

/** A message shown before (or instead of) its saved copy: SPEC §3 temp- ids. */
export interface LocalMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  created_at: string;
  /** The saved message's id, once known (the user message's POST, the stream's `end`). */
  savedId?: string;
  /** The reply stopped: by the user, a failure, or the end of the stream. */
  done?: boolean;
  error?: boolean;
}

export interface ConversationSendState {
  messages: LocalMessage[];
  streaming: boolean;
}

/** Most earlier messages sent along as context with each reply. */
export const HISTORY_LIMIT = 40;

const EMPTY: ConversationSendState = { messages: [], streaming: false };
let states = new Map<string, ConversationSendState>();
const controllers = new Map<string, AbortController>();
const listeners = new Set<() => void>();
let tempCounter = 0;

function emit() {
  for (const listener of listeners) listener();
}

function update(conversationId: string, change: (state: ConversationSendState) => ConversationSendState) {
  const next = new Map(states);
  next.set(conversationId, change(states.get(conversationId) ?? EMPTY));
  states = next;
  emit();
}

function patchMessage(conversationId: string, id: string, change: (m: LocalMessage) => LocalMessage) {
  update(conversationId, (s) => ({ ...s, messages: s.messages.map((m) => (m.id === id ? change(m) : m)) }));
}

/** SPEC §3: locally created messages get `temp-` plus a timestamp. */
export function tempId(): string {
  return `temp-${Date.now()}${tempCounter++ ? `-${tempCounter}` : ''}`;
}

/** The in-flight messages and streaming flag of a conversation (kept outside React so a stream survives route changes). */
export function useSendState(conversationId: string | undefined): ConversationSendState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (conversationId ? (states.get(conversationId) ?? EMPTY) : EMPTY),
    () => EMPTY,
  );
}

export function isStreaming(conversationId: string): boolean {
  return states.get(conversationId)?.streaming ?? false;
}

/** Stop: aborts the stream; the server keeps the partial reply (CONTRACT §Chat stream). */
export function stopStreaming(conversationId: string): void {
  controllers.get(conversationId)?.abort();
}

/** Forgets the local messages of a conversation (for tests and sign-out). */
export function resetChatStore(): void {
  for (const controller of controllers.values()) controller.abort();
  controllers.clear();
  states = new Map();
  emit();
}

/**
 * SPEC §4 sending: the user message is saved, then an empty assistant message is filled from the
 * stream. With `conversation_id` the server saves the reply itself, so it is not posted again.
 * Failures end as 'Error: <reason>' in the assistant bubble.
 */
export async function sendChatMessage(input: {
  queryClient: QueryClient;
  brandId: string;
  conversationId: string;
  text: string;
  /** The saved messages so far, oldest first (context for the model). */
  history: Array<Pick<Message, 'role' | 'content'>>;
}): Promise<void> {
  const { queryClient, brandId, conversationId, text } = input;
  if (!text.trim() || isStreaming(conversationId)) return;
  const now = new Date().toISOString();
  const userMessage: LocalMessage = { id: tempId(), role: 'user', content: text, created_at: now };
  const reply: LocalMessage = { id: tempId(), role: 'assistant', content: '', created_at: now };
  const controller = new AbortController();
  controllers.set(conversationId, controller);
  update(conversationId, () => ({ messages: [userMessage, reply], streaming: true }));

  const fail = (reason: string) => patchMessage(conversationId, reply.id, (m) => ({ ...m, content: `Error: ${reason}`, error: true, done: true }));
  try {
    const saved = await postMessage(brandId, conversationId, { role: 'user', content: text });
    patchMessage(conversationId, userMessage.id, (m) => ({ ...m, savedId: saved.id }));
    const messages = [...input.history.slice(-HISTORY_LIMIT).map(({ role, content }) => ({ role, content })), { role: 'user' as const, content: text }];
    await streamSse('/core-ai/chat/stream', {
      body: { messages, brand_id: brandId, conversation_id: conversationId },
      signal: controller.signal,
      onEvent(event, data) {
        const fields = (data ?? {}) as { content?: unknown; message_id?: unknown; error?: unknown };
        if (event === 'message' && typeof fields.content === 'string') {
          const piece = fields.content;
          patchMessage(conversationId, reply.id, (m) => ({ ...m, content: m.content + piece }));
        } else if (event === 'end') {
          const savedId = typeof fields.message_id === 'string' ? fields.message_id : undefined;
          patchMessage(conversationId, reply.id, (m) => ({ ...m, savedId, done: true }));
        } else if (event === 'error') {
          fail(typeof fields.error === 'string' && fields.error ? fields.error : 'Streaming error');
        }
      },
    });
    patchMessage(conversationId, reply.id, (m) => ({ ...m, done: true }));
  } catch (error) {
    if (!controller.signal.aborted) fail(errorMessage(error, 'Streaming error'));
  } finally {
    if (controllers.get(conversationId) === controller) controllers.delete(conversationId);
    update(conversationId, (s) => ({ ...s, streaming: false }));
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversation(brandId, conversationId) });
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversations(brandId) });
  }
}

/**
 * The messages to show: the saved ones, then local ones not yet replaced by their saved copy.
 * A finished reply without an id (stopped) gives way once a saved assistant message follows the
 * saved user message.
 */
export function mergeMessages(saved: Message[], local: LocalMessage[]): Array<Message | LocalMessage> {
  const ids = new Set(saved.map((m) => m.id));
  const userSavedId = local.find((m) => m.role === 'user')?.savedId;
  const userIndex = userSavedId ? saved.findIndex((m) => m.id === userSavedId) : -1;
  const replySaved = userIndex >= 0 && saved.slice(userIndex + 1).some((m) => m.role === 'assistant');
  const pending = local.filter((m) => {
    if (m.savedId && ids.has(m.savedId)) return false;
    if (m.role === 'assistant' && m.done && !m.error && replySaved) return false;
    return true;
  });
  return [...saved, ...pending];
}

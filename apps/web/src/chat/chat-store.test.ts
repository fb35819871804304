import type { Message } from '@console/contract/chat';
import { describe, expect, it } from 'vitest';
import { postMessage } from './api';
import { mergeMessages, tempId, type LocalMessage } from './chat-store';

const saved = (id: string, role: Message['role'], content: string): Message => ({ id, role, content, created_at: '2026-11-20T10:00:00.000Z', source: 'chat', metadata: {} });
const local = (id: string, role: LocalMessage['role'], content: string, extra: Partial<LocalMessage> = {}): LocalMessage => ({ id, role, content, created_at: '2026-11-20T10:00:00.000Z', ...extra });

describe('chat store', () => {
  it('gives local messages temp- ids with a timestamp', () => {
    expect(tempId()).toMatch(/^temp-\d{13}/);
    expect(tempId()).not.toBe(tempId());
  });

  it("fails with 'No conversation selected' when adding a message without a conversation", async () => {
    await expect(postMessage('brand', '', { role: 'user', content: 'x' })).rejects.toThrow('No conversation selected');
  });

  it('shows each message once: a local message gives way to its saved copy', () => {
    const shown = mergeMessages(
      [saved('s1', 'user', 'Hi'), saved('s2', 'assistant', 'Hello')],
      [local('temp-1', 'user', 'Hi', { savedId: 's1' }), local('temp-2', 'assistant', 'Hello', { savedId: 's2', done: true })],
    );
    expect(shown.map((m) => m.id)).toEqual(['s1', 's2']);
  });

  it('keeps a streaming reply until saved, and replaces a stopped one once the saved partial follows the user message', () => {
    const streaming = mergeMessages([saved('s1', 'user', 'Hi')], [local('temp-1', 'user', 'Hi', { savedId: 's1' }), local('temp-2', 'assistant', 'Hel')]);
    expect(streaming.map((m) => m.id)).toEqual(['s1', 'temp-2']);
    const stopped = [local('temp-1', 'user', 'Hi', { savedId: 's1' }), local('temp-2', 'assistant', 'Hel', { done: true })];
    expect(mergeMessages([saved('s1', 'user', 'Hi')], stopped).map((m) => m.id)).toEqual(['s1', 'temp-2']);
    expect(mergeMessages([saved('s1', 'user', 'Hi'), saved('s2', 'assistant', 'Hel')], stopped).map((m) => m.id)).toEqual(['s1', 's2']);
  });

  it('keeps an error bubble even after the conversation reloads', () => {
    const shown = mergeMessages(
      [saved('s1', 'user', 'Hi'), saved('s2', 'assistant', 'Partial')],
      [local('temp-1', 'user', 'Hi', { savedId: 's1' }), local('temp-2', 'assistant', 'Error: Streaming error', { done: true, error: true })],
    );
    expect(shown.map((m) => m.id)).toEqual(['s1', 's2', 'temp-2']);
  });
});

import type { Message } from '@console/contract/chat';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import type { LocalMessage } from './chat-store';
import { MessageBubble } from './MessageBubble';

/** How close to the bottom still counts as "at the bottom" for auto-scroll. */
const STICK_PX = 80;

/**
 * The message list; while new text arrives it follows the newest message, unless the user has
 * scrolled up to read (SPEC §2, issue 3).
 */
export function MessageList({ messages, conversationId, header }: { messages: Array<Message | LocalMessage>; conversationId: string; header?: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const last = messages.at(-1);

  useLayoutEffect(() => {
    stick.current = true;
  }, [conversationId]);

  useLayoutEffect(() => {
    const el = box.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [messages.length, last?.content, conversationId]);

  return (
    <div
      ref={box}
      data-testid="message-scroller"
      onScroll={(event) => {
        const el = event.currentTarget;
        stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
      }}
      className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-5"
    >
      {header && <div className="mx-auto mb-3 max-w-3xl">{header}</div>}
      <ol aria-label="Messages" className="mx-auto flex max-w-3xl flex-col gap-3">
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} />
        ))}
      </ol>
    </div>
  );
}

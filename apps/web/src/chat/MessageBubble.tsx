import type { Message } from '@console/contract/chat';
import { Mail } from 'lucide-react';
import { Markdown } from './Markdown';
import type { LocalMessage } from './chat-store';

type ShownMessage = Message | LocalMessage;

function fromEmail(message: ShownMessage): string | undefined {
  if (!('source' in message) || message.source !== 'email') return undefined;
  const from = message.metadata?.from_email;
  return typeof from === 'string' && from ? from : undefined;
}

/** SPEC §2: user messages on the right, assistant messages on the left; emailed ones say who sent them. */
export function MessageBubble({ message }: { message: ShownMessage }) {
  const isUser = message.role === 'user';
  const email = fromEmail(message);
  const isError = 'error' in message && message.error;
  const waiting = !isUser && message.content === '' && !('done' in message && message.done);
  // Still streaming in, or saved when the reply was stopped or failed midway.
  const partial = 'metadata' in message ? message.metadata?.interrupted === true : !message.done;
  return (
    <li data-testid="message" data-role={message.role} data-message-id={message.id} className={`flex ${isUser ? 'justify-end' : 'justify-start'}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-4 py-2.5 text-sm leading-relaxed shadow-sm sm:max-w-[75%] ${
          isUser
            ? 'rounded-br-md bg-blue-600 text-white'
            : isError
              ? 'rounded-bl-md border border-red-200 bg-red-50 text-red-800'
              : 'rounded-bl-md border border-slate-200 bg-white text-slate-900'
        }`}
      >
        {email && (
          <p className={`mb-1 flex items-center gap-1 text-xs ${isUser ? 'text-blue-100' : 'text-slate-500'}`}>
            <Mail aria-hidden="true" size={12} />
            via email from {email}
          </p>
        )}
        {isUser || isError ? (
          <p className="whitespace-pre-wrap break-words">{message.content}</p>
        ) : waiting ? (
          <span aria-label="Assistant is typing" className="inline-flex gap-1 py-1">
            <span className="size-1.5 animate-bounce rounded-full bg-slate-400" />
            <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:120ms]" />
            <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:240ms]" />
          </span>
        ) : (
          <Markdown text={message.content} partial={partial} />
        )}
      </div>
    </li>
  );
}

import { Send, Square } from 'lucide-react';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';

export interface ComposerProps {
  /** Sends the text; resolves false when it was not sent, so the text comes back (SPEC §4). */
  onSend: (text: string) => Promise<boolean>;
  onStop: () => void;
  disabled: boolean;
  streaming: boolean;
}

/**
 * SPEC §2 input: Enter sends, Shift+Enter adds a line; blank text or a running stream is ignored
 * (SPEC §5); while streaming, 'Streaming...' and a Stop button show.
 */
export function Composer({ onSend, onStop, disabled, streaming }: ComposerProps) {
  const [text, setText] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);
  const blocked = disabled || streaming;

  async function submit() {
    if (blocked || !text.trim()) return;
    const sent = text;
    setText('');
    const accepted = await onSend(sent);
    if (!accepted) setText((current) => current || sent);
    area.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit();
  }

  return (
    <form onSubmit={onSubmit} className="border-t border-slate-200 bg-white px-3 py-3 sm:px-5">
      {streaming && (
        <div className="mx-auto mb-2 flex max-w-3xl items-center justify-between gap-3">
          <span role="status" className="flex items-center gap-2 text-xs font-medium text-blue-700">
            <span className="size-2 animate-pulse rounded-full bg-blue-600" aria-hidden="true" />
            Streaming...
          </span>
          <button type="button" onClick={onStop} className="btn btn-secondary px-2.5 py-1 text-xs">
            <Square aria-hidden="true" size={12} className="fill-current" />
            Stop
          </button>
        </div>
      )}
      <div className="mx-auto flex max-w-3xl items-end gap-2">
        <label htmlFor="chat-input" className="sr-only">
          Message
        </label>
        <textarea
          id="chat-input"
          ref={area}
          rows={1}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={blocked}
          placeholder="Type your message..."
          className="input max-h-40 min-h-[42px] flex-1 resize-none [field-sizing:content]"
        />
        <button type="submit" disabled={blocked || !text.trim()} aria-label="Send message" className="btn btn-primary h-[42px] px-3">
          <Send aria-hidden="true" size={16} />
        </button>
      </div>
    </form>
  );
}

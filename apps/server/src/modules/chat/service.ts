import { APICallError, RetryError, streamText, type ModelMessage } from 'ai';
import type { ChatStreamRequest } from '@console/contract/chat';
import type { AppContext } from '../../context';
import { findBrandConnection, gatherBrandFacts } from '../../ai/brand-sources';
import { composeBuiltinReply, streamBuiltinReply } from '../../ai/builtin';
import { chooseModel, languageModelFor, type ModelChoice } from '../../ai/registry';
import { appendMessage } from '../conversations/service';

type ChatMessage = ChatStreamRequest['messages'][number];

/** A reply about to be streamed: which model, and how to run it. */
export interface PreparedReply {
  choice: ModelChoice;
  stream(signal: AbortSignal): AsyncIterable<string>;
}

/** Where the stream goes (an SSE response in production); `signal` aborts when the client leaves. */
export interface ReplySink {
  send(event: 'message' | 'end' | 'error', data: unknown): void;
  close(): void;
  readonly signal: AbortSignal;
}

/** The provider's own reason for a failure, as shown in the `error` event (SPEC §8). */
export function failureReason(err: unknown): string {
  if (RetryError.isInstance(err)) return failureReason(err.lastError);
  if (APICallError.isInstance(err)) return err.message || `Upstream answered ${err.statusCode ?? 'with an error'}`;
  if (err instanceof Error) {
    const cause = (err as Error & { cause?: unknown }).cause;
    if (err.message === 'fetch failed' && cause instanceof Error) return `Could not reach the AI provider: ${cause.message}`;
    return err.message || 'Streaming error';
  }
  if (typeof err === 'string' && err) return err;
  // In-stream error frames arrive as the provider's error object: `{message}` or `{error: {message}}`.
  if (err && typeof err === 'object') {
    const fields = err as { message?: unknown; error?: { message?: unknown } };
    if (typeof fields.message === 'string' && fields.message) return fields.message;
    if (typeof fields.error?.message === 'string' && fields.error.message) return fields.error.message;
  }
  return 'Streaming error';
}

function lastUserText(messages: ChatMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].role === 'user') return messages[i].content;
  return '';
}

/** Picks the model (brand connection → server config → built-in) before any byte is streamed. */
export async function prepareReply(ctx: AppContext, brandId: string, messages: ChatMessage[]): Promise<PreparedReply> {
  const choice = chooseModel(ctx.config, await findBrandConnection(ctx, brandId));
  if (choice.provider === 'builtin') {
    return {
      choice,
      async *stream(signal) {
        const question = lastUserText(messages);
        const facts = await gatherBrandFacts(ctx, brandId, question);
        yield* streamBuiltinReply(composeBuiltinReply(question, facts), signal);
      },
    };
  }
  const model = languageModelFor(choice, ctx.fetch);
  return {
    choice,
    async *stream(signal) {
      const result = streamText({
        model,
        messages: messages as ModelMessage[],
        abortSignal: signal,
        maxRetries: 0,
        onError: () => {},
      });
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') {
          if (part.text) yield part.text;
        } else if (part.type === 'error') {
          throw part.error;
        } else if (part.type === 'abort') {
          return;
        }
      }
    },
  };
}

/**
 * Streams a reply to the sink (CONTRACT §Chat stream) and, with a conversation, saves it: on
 * completion, or the partial text with `metadata.interrupted: true` when the client leaves or the
 * provider fails midway. Leaving aborts the upstream request through the sink's signal.
 */
export async function runReply(
  ctx: AppContext,
  input: { brandId: string; conversationId?: string; reply: PreparedReply; sink: ReplySink },
): Promise<{ messageId: string | null; interrupted: boolean; error?: string }> {
  const { sink, reply } = input;
  let text = '';
  let error: string | undefined;
  try {
    for await (const piece of reply.stream(sink.signal)) {
      text += piece;
      sink.send('message', { content: piece });
      if (sink.signal.aborted) break;
    }
  } catch (err) {
    if (!sink.signal.aborted) {
      error = failureReason(err);
      ctx.log.warn({ model: reply.choice.label, reason: error }, 'chat stream failed upstream');
    }
  }
  const interrupted = sink.signal.aborted || error !== undefined;
  let messageId: string | null = null;
  if (input.conversationId && text.trim() !== '') {
    const metadata: Record<string, unknown> = { model: reply.choice.label };
    if (interrupted) metadata.interrupted = true;
    if (error) metadata.error = error;
    try {
      const saved = await appendMessage(ctx, {
        brandId: input.brandId,
        conversationId: input.conversationId,
        role: 'assistant',
        content: text,
        source: 'chat',
        metadata,
      });
      messageId = saved.id;
    } catch (err) {
      // The conversation may have been deleted while the reply streamed.
      ctx.log.warn({ err }, 'could not save the assistant reply');
    }
  }
  if (error !== undefined) sink.send('error', { error });
  else if (!sink.signal.aborted) sink.send('end', { message_id: messageId });
  sink.close();
  return { messageId, interrupted, error };
}

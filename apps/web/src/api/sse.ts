import { createParser } from 'eventsource-parser';
import { apiUrl, authHeaders, handleUnauthorized, type QueryValue } from './client';
import { getSession } from '../session/store';

export interface StreamSseOptions {
  /** Defaults to POST when a body is given, else GET. */
  method?: 'GET' | 'POST';
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Called for every event with its name ('message' when the stream names none) and its JSON data. */
  onEvent: (event: string, data: unknown) => void;
}

/**
 * Reads a `text/event-stream` response over fetch (bearer header included, so it works for POST
 * bodies and authenticated GETs, which EventSource cannot do). Resolves when the stream ends or
 * when `signal` aborts; throws `Error('HTTP error! status: <code>')` on a non-2xx answer
 * (SPEC §8). Data that is not JSON is only logged (SPEC §8).
 */
export async function streamSse(path: string, options: StreamSseOptions): Promise<void> {
  const { body, query, headers, signal, onEvent } = options;
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  const sentToken = getSession().token;
  const requestHeaders: Record<string, string> = { Accept: 'text/event-stream', ...authHeaders(), ...headers };
  if (body !== undefined) requestHeaders['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      headers: requestHeaders,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) return;
    throw error;
  }
  if (!response.ok) {
    if (response.status === 401) handleUnauthorized(sentToken);
    throw new Error(`HTTP error! status: ${response.status}`);
  }
  if (!response.body) return;

  const parser = createParser({
    onEvent(message) {
      if (signal?.aborted) return;
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch (error) {
        console.error('Failed to parse stream event', message.data, error);
        return;
      }
      onEvent(message.event ?? 'message', data);
    },
  });

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const stop = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    parser.feed(decoder.decode());
  } catch (error) {
    if (signal?.aborted) return;
    throw error;
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}

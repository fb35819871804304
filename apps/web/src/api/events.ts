import { useEffect } from 'react';
import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import type { LiveEventType } from '@console/contract/events';
import { streamSse } from './sse';
import { useCurrentBrand } from '../session/hooks';
import { getSession } from '../session/store';

export interface LiveEvent {
  type: LiveEventType | string;
  data: Record<string, unknown>;
}

type Listener = (brandId: string, event: LiveEvent) => void;
const listeners = new Set<Listener>();

/**
 * Listens to every live event of the open streams (e.g. the chat view appending an emailed message
 * at once). Returns the unsubscribe function.
 */
export function subscribeLiveEvents(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Query-key prefixes (the key's first element) refreshed by each `counts.changed` kind. */
const COUNT_KIND_PREFIXES: Record<string, string[]> = {
  mail: ['mail', 'email'],
  tickets: ['tickets'],
  jobs: ['jobs', 'deployments', 'mesh'],
  knowledge: ['knowledge'],
  devices: ['devices', 'mesh'],
  users: ['users'],
};

function keyHead(query: Query): string {
  return String(query.queryKey[0] ?? '');
}

function keyHas(query: Query, value: unknown): boolean {
  return query.queryKey.some((part) => part === value);
}

/**
 * The TanStack Query keys an event makes stale (CONTRACT §Live events). Keys include the brand id
 * (STYLE §6), so only the brand's queries are touched; dashboards refetch on any count change.
 */
export function invalidateForEvent(queryClient: QueryClient, brandId: string, event: LiveEvent): void {
  const data = event.data ?? {};
  const forBrand = (query: Query) => keyHas(query, brandId) || (typeof data.brand_id === 'string' && keyHas(query, data.brand_id));
  const byPrefix = (prefixes: string[]) => (query: Query) => prefixes.some((p) => keyHead(query).startsWith(p)) && forBrand(query);
  switch (event.type) {
    case 'message.created': {
      const conversationId = data.conversation_id;
      void queryClient.invalidateQueries({
        predicate: (query) => keyHead(query).startsWith('conversation') && (forBrand(query) || keyHas(query, conversationId)),
      });
      return;
    }
    case 'mail.received':
      void queryClient.invalidateQueries({ predicate: byPrefix([...COUNT_KIND_PREFIXES.mail, 'dashboard']) });
      return;
    case 'job.updated':
      void queryClient.invalidateQueries({ predicate: byPrefix(COUNT_KIND_PREFIXES.jobs) });
      return;
    case 'device.updated':
      void queryClient.invalidateQueries({ predicate: byPrefix(COUNT_KIND_PREFIXES.devices) });
      return;
    case 'counts.changed': {
      const prefixes = COUNT_KIND_PREFIXES[String(data.kind)] ?? [String(data.kind)];
      void queryClient.invalidateQueries({ predicate: byPrefix([...prefixes, 'dashboard']) });
      return;
    }
  }
}

/** Wait before reconnecting a dropped stream: 1 s, doubling up to 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
}

interface OpenStream {
  users: number;
  controller: AbortController;
}
const streams = new Map<string, OpenStream>();

function openStream(brandId: string, queryClient: QueryClient): OpenStream {
  const controller = new AbortController();
  const stream: OpenStream = { users: 0, controller };
  const run = async () => {
    let attempt = 0;
    while (!controller.signal.aborted && getSession().token) {
      const started = Date.now();
      try {
        await streamSse('/events', {
          query: { brand_id: brandId },
          signal: controller.signal,
          onEvent(type, data) {
            const event: LiveEvent = { type, data: (data ?? {}) as Record<string, unknown> };
            invalidateForEvent(queryClient, brandId, event);
            for (const listener of listeners) listener(brandId, event);
          },
        });
      } catch {
        // Dropped or refused: retried below with a growing delay.
      }
      if (controller.signal.aborted) return;
      attempt = Date.now() - started > 60_000 ? 0 : attempt + 1;
      await new Promise((resolve) => setTimeout(resolve, reconnectDelay(attempt - 1)));
    }
  };
  void run();
  return stream;
}

/**
 * Keeps one live events stream (`GET /api/v1/events?brand_id=`) open for the selected brand while
 * any component using this hook is mounted, and refreshes the queries each event makes stale.
 * Several callers share one stream.
 */
export function useLiveEvents(): void {
  const brand = useCurrentBrand();
  const queryClient = useQueryClient();
  const brandId = brand?.id;
  useEffect(() => {
    if (!brandId) return;
    const key = brandId;
    let stream = streams.get(key);
    if (!stream) {
      stream = openStream(brandId, queryClient);
      streams.set(key, stream);
    }
    stream.users++;
    const current = stream;
    return () => {
      current.users--;
      if (current.users === 0) {
        current.controller.abort();
        if (streams.get(key) === current) streams.delete(key);
      }
    };
  }, [brandId, queryClient]);
}

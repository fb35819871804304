import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbClient } from '../db/client';

/** CONTRACT §Live events: the event types pushed to a brand's stream. */
export type LiveEventType = 'message.created' | 'mail.received' | 'job.updated' | 'device.updated' | 'counts.changed';

export interface LiveEvent {
  type: LiveEventType;
  brandId: string;
  data: Record<string, unknown>;
}

export interface EventBus {
  /** Delivers to every subscriber of the brand on every server instance (PostgreSQL NOTIFY). */
  publish(event: LiveEvent): Promise<void>;
  subscribe(brandId: string | 'all', onEvent: (event: LiveEvent) => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const CHANNEL = 'console_events';
/** NOTIFY payloads are limited to 8000 bytes; larger events travel through the events_outbox table. */
const MAX_INLINE_PAYLOAD = 7000;

export function createEventBus(client: DbClient): EventBus {
  const subscribers = new Set<{ brandId: string; onEvent: (e: LiveEvent) => void }>();
  let unlisten: (() => Promise<void>) | undefined;

  function deliver(event: LiveEvent) {
    for (const s of subscribers) {
      if (s.brandId === 'all' || s.brandId === event.brandId) {
        try {
          s.onEvent(event);
        } catch {
          // A failing subscriber must not stop delivery to the others.
        }
      }
    }
  }

  async function onPayload(payload: string) {
    try {
      const parsed = JSON.parse(payload) as LiveEvent | { ref: string };
      if ('ref' in parsed) {
        const result = await client.db.execute(sql`select payload from events_outbox where id = ${parsed.ref}`);
        const row = rowsOf<{ payload: string }>(result)[0];
        if (row) deliver(JSON.parse(row.payload) as LiveEvent);
        return;
      }
      deliver(parsed);
    } catch {
      // Ignore payloads that are not ours.
    }
  }

  return {
    async publish(event) {
      let payload = JSON.stringify(event);
      if (Buffer.byteLength(payload) > MAX_INLINE_PAYLOAD) {
        const id = randomUUID();
        await client.db.execute(sql`insert into events_outbox (id, payload) values (${id}, ${payload})`);
        await client.db.execute(sql`delete from events_outbox where created_at < now() - interval '10 minutes'`);
        payload = JSON.stringify({ ref: id });
      }
      await client.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
    },
    subscribe(brandId, onEvent) {
      const entry = { brandId, onEvent };
      subscribers.add(entry);
      return () => subscribers.delete(entry);
    },
    async start() {
      unlisten ??= await client.listen(CHANNEL, (p) => void onPayload(p));
    },
    async stop() {
      await unlisten?.();
      unlisten = undefined;
      subscribers.clear();
    },
  };
}

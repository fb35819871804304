import { z } from 'zod';

/** CONTRACT §Live events: the types pushed on `GET /api/v1/events?brand_id=`. */
export const LIVE_EVENT_TYPES = ['message.created', 'mail.received', 'job.updated', 'device.updated', 'counts.changed'] as const;
export const LiveEventTypeSchema = z.enum(LIVE_EVENT_TYPES);
export type LiveEventType = z.infer<typeof LiveEventTypeSchema>;

/** `counts.changed` kinds: which badge or dashboard count to refetch. */
export const COUNT_KINDS = ['mail', 'tickets', 'jobs', 'knowledge', 'devices', 'users'] as const;
export type CountKind = (typeof COUNT_KINDS)[number];

export const MessageCreatedEventSchema = z.object({
  conversation_id: z.string(),
  message: z.record(z.string(), z.unknown()),
});
export const MailReceivedEventSchema = z.object({ folder: z.string(), email_id: z.string() });
export const JobUpdatedEventSchema = z.object({ job_id: z.string(), status: z.string() });
export const DeviceUpdatedEventSchema = z.object({ device_id: z.string() });
export const CountsChangedEventSchema = z.object({ kind: z.string() });

/** The `data:` payload of each event type. */
export const LIVE_EVENT_DATA = {
  'message.created': MessageCreatedEventSchema,
  'mail.received': MailReceivedEventSchema,
  'job.updated': JobUpdatedEventSchema,
  'device.updated': DeviceUpdatedEventSchema,
  'counts.changed': CountsChangedEventSchema,
} as const;

export type LiveEventData = { [K in LiveEventType]: z.infer<(typeof LIVE_EVENT_DATA)[K]> };

export const EventsQuerySchema = z.object({ brand_id: z.union([z.uuid(), z.literal('all')]) });

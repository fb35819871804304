import { z } from 'zod';
import { MAX_PAGE_LIMIT, TICKETS_PAGE_SIZE } from './limits';
import { PaginationSchema } from './common';

/** SPEC §4 ticket statuses and priorities. */
export const TICKET_STATUSES = ['open', 'pending', 'resolved', 'closed'] as const;
export const TicketStatusSchema = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof TicketStatusSchema>;

export const TICKET_PRIORITIES = ['high', 'urgent', 'medium', 'low'] as const;
export const TicketPrioritySchema = z.enum(TICKET_PRIORITIES);
export type TicketPriority = z.infer<typeof TicketPrioritySchema>;

/** SPEC §2: what the tickets panel shows when a field is missing. */
export const DEFAULT_TICKET_PRIORITY_LABEL = 'normal';
export const DEFAULT_TICKET_SUBJECT = 'No subject';
export const SHORT_ID_LENGTH = 8;

export const MAX_SUBJECT_CHARS = 300;
export const MAX_TICKET_DESCRIPTION_CHARS = 20_000;

/** SPEC §3 Ticket, plus its brand, description and last update. */
export const TicketSchema = z.object({
  id: z.string(),
  brand_id: z.string(),
  subject: z.string().nullable(),
  description: z.string().nullable(),
  status: TicketStatusSchema,
  priority: TicketPrioritySchema.nullable(),
  customer_email: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Ticket = z.infer<typeof TicketSchema>;

/** SPEC §7 and §9: `GET /api/v1/tickets?brand_id&page=1&limit=50&status=open`. */
export const TicketListQuerySchema = z.object({
  brand_id: z.string().min(1),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(TICKETS_PAGE_SIZE),
  status: TicketStatusSchema.optional(),
});
export type TicketListQuery = z.infer<typeof TicketListQuerySchema>;

export const TicketListSchema = z.object({ tickets: z.array(TicketSchema), pagination: PaginationSchema });
export type TicketList = z.infer<typeof TicketListSchema>;

/** `GET /api/v1/tickets/count`: count = open tickets (or `status=` only), total = all tickets. */
export const TicketCountQuerySchema = z.object({ brand_id: z.string().min(1), status: TicketStatusSchema.optional() });

export const TicketIdParamsSchema = z.object({ id: z.uuid() });

export const CreateTicketSchema = z.object({
  brand_id: z.string().min(1),
  subject: z.string().trim().min(1).max(MAX_SUBJECT_CHARS).nullable().optional(),
  description: z.string().max(MAX_TICKET_DESCRIPTION_CHARS).nullable().optional(),
  status: TicketStatusSchema.default('open'),
  priority: TicketPrioritySchema.nullable().optional(),
  customer_email: z.email().nullable().optional(),
});
export type CreateTicket = z.infer<typeof CreateTicketSchema>;

export const UpdateTicketSchema = z
  .object({
    subject: z.string().trim().min(1).max(MAX_SUBJECT_CHARS).nullable().optional(),
    description: z.string().max(MAX_TICKET_DESCRIPTION_CHARS).nullable().optional(),
    status: TicketStatusSchema.optional(),
    priority: TicketPrioritySchema.nullable().optional(),
    customer_email: z.email().nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update' });
export type UpdateTicket = z.infer<typeof UpdateTicketSchema>;

import { and, eq } from 'drizzle-orm';
import type { Count } from '@console/contract/common';
import type { CreateTicket, Ticket, TicketList, TicketListQuery, TicketStatus, UpdateTicket } from '@console/contract/tickets';
import type { AppContext } from '../../context';
import { countWithTrend } from '../../db/counts';
import { tickets } from '../../db/schema/index';
import { brandFilter, requireBrandRole, type BrandScope } from '../../http/brand-guard';
import { notFound } from '../../http/errors';
import type { Caller } from '../auth/service';
import * as q from './queries';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

/** The API shape of a ticket row (SPEC §3). */
export function toTicket(row: q.TicketRow): Ticket {
  return {
    id: row.id,
    brand_id: row.brandId,
    subject: row.subject,
    description: row.description,
    status: row.status as Ticket['status'],
    priority: (row.priority ?? null) as Ticket['priority'],
    customer_email: row.customerEmail,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** SPEC §7 tickets list: newest first, optionally one status, with the total for `pagination`. */
export async function listTickets(ctx: Ctx, scope: BrandScope, query: Omit<TicketListQuery, 'brand_id'>): Promise<TicketList> {
  const where = and(brandFilter(tickets.brandId, scope), query.status ? eq(tickets.status, query.status) : undefined);
  const { rows, total } = await q.selectTicketPage(ctx.db, where, { offset: (query.page - 1) * query.limit, limit: query.limit });
  return { tickets: rows.map(toTicket), pagination: { page: query.page, limit: query.limit, total } };
}

/**
 * CONTRACT §Lists and counts: count = open tickets (or the given status), total = every ticket,
 * trend = those counted created in the last 7 days against the 7 days before.
 */
export async function countTickets(ctx: Ctx, scope: BrandScope, status: TicketStatus = 'open'): Promise<Count> {
  return countWithTrend(ctx, {
    table: tickets,
    brand: brandFilter(tickets.brandId, scope),
    counted: eq(tickets.status, status),
    createdAt: tickets.createdAt,
  });
}

/** Open tickets of one brand (the tickets badge, the assistant's tools). */
export async function countOpenTickets(ctx: Pick<AppContext, 'db'>, brandId: string): Promise<number> {
  return q.countTicketsWhere(ctx.db, and(eq(tickets.brandId, brandId), eq(tickets.status, 'open')));
}

async function announce(ctx: Pick<AppContext, 'events'>, brandId: string) {
  await ctx.events.publish({ type: 'counts.changed', brandId, data: { kind: 'tickets' } });
}

/** Opens a ticket in the brand (API clients; editors, agents and above). */
export async function createTicket(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events'>,
  input: { brandId: string; createdBy: string } & Omit<CreateTicket, 'brand_id'>,
): Promise<Ticket> {
  const now = ctx.clock.now();
  const row = await q.insertTicket(ctx.db, {
    brandId: input.brandId,
    subject: input.subject ?? null,
    description: input.description ?? null,
    status: input.status,
    priority: input.priority ?? null,
    customerEmail: input.customer_email ?? null,
    createdBy: input.createdBy,
    createdAt: now,
    updatedAt: now,
  });
  await announce(ctx, input.brandId);
  return toTicket(row);
}

/** Loads a ticket the caller may see with at least `role`; another brand's ticket is 404 like a missing one. */
async function loadTicket(ctx: Pick<AppContext, 'db' | 'clock' | 'keyring'>, caller: Caller, id: string, role: 'viewer' | 'editor') {
  const row = await q.findTicketById(ctx.db, id);
  if (!row) throw notFound('Ticket');
  try {
    await requireBrandRole(ctx, caller, row.brandId, role);
  } catch (err) {
    if ((err as { code?: string }).code === 'NOT_FOUND') throw notFound('Ticket');
    throw err;
  }
  return row;
}

export async function getTicket(ctx: Pick<AppContext, 'db' | 'clock' | 'keyring'>, caller: Caller, id: string): Promise<Ticket> {
  return toTicket(await loadTicket(ctx, caller, id, 'viewer'));
}

/** Changes a ticket's status, priority or details (editors, agents and above of its brand). */
export async function updateTicket(
  ctx: Pick<AppContext, 'db' | 'clock' | 'keyring' | 'events'>,
  caller: Caller,
  id: string,
  patch: UpdateTicket,
): Promise<Ticket> {
  const row = await loadTicket(ctx, caller, id, 'editor');
  const values: Partial<q.NewTicketRow> = { updatedAt: ctx.clock.now() };
  if (patch.subject !== undefined) values.subject = patch.subject;
  if (patch.description !== undefined) values.description = patch.description;
  if (patch.status !== undefined) values.status = patch.status;
  if (patch.priority !== undefined) values.priority = patch.priority;
  if (patch.customer_email !== undefined) values.customerEmail = patch.customer_email;
  const updated = await q.updateTicketRow(ctx.db, row.brandId, id, values);
  if (!updated) throw notFound('Ticket');
  await announce(ctx, row.brandId);
  return toTicket(updated);
}

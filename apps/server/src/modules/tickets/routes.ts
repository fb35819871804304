import { CountSchema } from '@console/contract/common';
import { ErrorBodySchema } from '@console/contract/errors';
import {
  CreateTicketSchema,
  TicketCountQuerySchema,
  TicketIdParamsSchema,
  TicketListQuerySchema,
  TicketListSchema,
  TicketSchema,
  UpdateTicketSchema,
} from '@console/contract/tickets';
import { z } from 'zod';
import { requireCaller } from '../../http/auth';
import { guardBrand } from '../../http/brand-guard';
import type { RoutePlugin } from '../../http/types';
import { countTickets, createTicket, getTicket, listTickets, updateTicket } from './service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const OptionalBrandQuerySchema = z.object({ brand_id: z.string().min(1).optional() });

/** SPEC §7 Tickets; CONTRACT §Roles: viewers read, editors and agents (and above) create and update. */
export const ticketRoutes: RoutePlugin = async (app, ctx) => {
  app.get(
    '/api/v1/tickets',
    {
      schema: {
        tags: ['tickets'],
        summary: 'Tickets of the brand, newest first (`brand_id=all` for super admins)',
        querystring: TicketListQuerySchema,
        response: { 200: TicketListSchema, ...errors },
      },
    },
    async (request) => {
      const scope = await guardBrand(ctx, request, { allowAll: true });
      const { page, limit, status } = request.query;
      return listTickets(ctx, scope, { page, limit, status });
    },
  );

  app.get(
    '/api/v1/tickets/count',
    {
      schema: {
        tags: ['tickets'],
        summary: 'Open tickets (or `status=`), all tickets and the 7-day trend',
        querystring: TicketCountQuerySchema,
        response: { 200: CountSchema, ...errors },
      },
    },
    async (request) => {
      const scope = await guardBrand(ctx, request, { allowAll: true });
      return countTickets(ctx, scope, request.query.status);
    },
  );

  app.post(
    '/api/v1/tickets',
    {
      schema: {
        tags: ['tickets'],
        summary: 'Open a ticket (editors, agents and above)',
        querystring: OptionalBrandQuerySchema,
        body: CreateTicketSchema.extend({ brand_id: z.string().min(1).optional() }),
        response: { 201: TicketSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = await guardBrand(ctx, request, { role: 'editor' });
      const { brand_id: _brand, ...input } = request.body;
      const ticket = await createTicket(ctx, { ...input, brandId: scope.brandId, createdBy: scope.caller.userId });
      return reply.status(201).send(ticket);
    },
  );

  app.get(
    '/api/v1/tickets/:id',
    {
      schema: { tags: ['tickets'], summary: 'One ticket', params: TicketIdParamsSchema, response: { 200: TicketSchema, ...errors } },
    },
    async (request) => getTicket(ctx, await requireCaller(ctx, request), request.params.id),
  );

  app.patch(
    '/api/v1/tickets/:id',
    {
      schema: {
        tags: ['tickets'],
        summary: "Change a ticket's status, priority or details (editors, agents and above)",
        params: TicketIdParamsSchema,
        body: UpdateTicketSchema,
        response: { 200: TicketSchema, ...errors },
      },
    },
    async (request) => updateTicket(ctx, await requireCaller(ctx, request), request.params.id, request.body),
  );
};

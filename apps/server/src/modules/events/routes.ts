import { z } from 'zod';
import { EventsQuerySchema } from '@console/contract/events';
import { ErrorBodySchema } from '@console/contract/errors';
import { guardBrand } from '../../http/brand-guard';
import { openSse, type SseStream } from '../../http/sse';
import type { RoutePlugin } from '../../http/types';

/**
 * CONTRACT §Live events: `GET /api/v1/events?brand_id=` streams the caller's brand events
 * (`event: <type>`, `data: {json}`), from this and every other server instance (events/bus.ts).
 * `brand_id=all` (super admins) streams every brand's events.
 */
export const eventRoutes: RoutePlugin = async (app, ctx) => {
  // Open streams are ended when the server shuts down, so closing never waits on them.
  const open = new Set<SseStream>();
  app.addHook('preClose', async () => {
    for (const stream of open) stream.close();
  });

  app.get(
    '/api/v1/events',
    {
      schema: {
        tags: ['events'],
        summary: 'Live events of a brand (server-sent events)',
        querystring: EventsQuerySchema,
        response: {
          200: z.string().describe('text/event-stream: `event: <type>` + `data: {json}` frames and `: ping` comments'),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const scope = await guardBrand(ctx, request, { allowAll: true });
      const stream = openSse(request, reply);
      const unsubscribe = ctx.events.subscribe(scope.brandId, (event) => {
        stream.send(event.type, scope.all ? { ...event.data, brand_id: event.brandId } : event.data);
      });
      open.add(stream);
      stream.comment('connected');
      stream.signal.addEventListener('abort', () => {
        unsubscribe();
        open.delete(stream);
      });
    },
  );
};

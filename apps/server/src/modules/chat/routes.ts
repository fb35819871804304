import { z } from 'zod';
import { ChatStreamRequestSchema } from '@console/contract/chat';
import { ErrorBodySchema } from '@console/contract/errors';
import { guardBrand } from '../../http/brand-guard';
import { openSse } from '../../http/sse';
import type { RoutePlugin } from '../../http/types';
import { checkConversationBrand } from '../conversations/service';
import { prepareReply, runReply } from './service';

/** CONTRACT §Chat stream: `POST /api/v1/core-ai/chat/stream`. */
export const chatRoutes: RoutePlugin = async (app, ctx) => {
  app.post(
    '/api/v1/core-ai/chat/stream',
    {
      schema: {
        tags: ['chat'],
        summary: 'Stream an assistant reply as server-sent events (message, end, error); saves it with conversation_id',
        body: ChatStreamRequestSchema,
        response: {
          200: z.string().describe('text/event-stream: `event: message|end|error` + `data: {json}` frames, `: ping` comments'),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      // Everything that can refuse the request happens before the stream opens (400/401/404 as JSON).
      const scope = await guardBrand(ctx, request);
      const { conversation_id: conversationId, messages } = request.body;
      const [, prepared] = await Promise.all([
        conversationId ? checkConversationBrand(ctx, scope.brandId, conversationId) : undefined,
        prepareReply(ctx, scope.brandId, messages),
      ]);
      const sse = openSse(request, reply);
      await runReply(ctx, { brandId: scope.brandId, conversationId, reply: prepared, sink: sse });
    },
  );
};

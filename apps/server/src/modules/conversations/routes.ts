import {
  AppendMessageSchema,
  BrandIdQuerySchema,
  ConversationDetailSchema,
  ConversationListQuerySchema,
  ConversationListSchema,
  ConversationParamsSchema,
  ConversationQuerySchema,
  ConversationSchema,
  CreateConversationSchema,
  MessageSchema,
  NEXT_CURSOR_HEADER,
} from '@console/contract/chat';
import { OkSchema } from '@console/contract/common';
import { ErrorBodySchema } from '@console/contract/errors';
import { guardBrand } from '../../http/brand-guard';
import type { RoutePlugin } from '../../http/types';
import { appendMessage, createConversation, deleteConversation, getConversation, listConversations } from './service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** SPEC §7 Conversations: brand-scoped; every member (viewers too) may chat. */
export const conversationRoutes: RoutePlugin = async (app, ctx) => {
  app.get(
    '/api/v1/conversations',
    {
      schema: {
        tags: ['conversations'],
        summary: `The brand's conversations, newest activity first (a bare array; the next page's cursor is in the ${NEXT_CURSOR_HEADER} header)`,
        querystring: ConversationListQuerySchema,
        response: { 200: ConversationListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = await guardBrand(ctx, request);
      const { conversations, nextCursor } = await listConversations(ctx, scope.brandId, request.query);
      if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
      return conversations;
    },
  );

  app.post(
    '/api/v1/conversations',
    {
      schema: {
        tags: ['conversations'],
        summary: "Start a conversation (title defaults to 'New Chat')",
        querystring: BrandIdQuerySchema,
        body: CreateConversationSchema.nullish(),
        response: { 201: ConversationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = await guardBrand(ctx, request);
      const conversation = await createConversation(ctx, {
        brandId: scope.brandId,
        title: request.body?.title,
        createdBy: scope.caller.userId,
      });
      return reply.status(201).send(conversation);
    },
  );

  app.get(
    '/api/v1/conversations/:id',
    {
      schema: {
        tags: ['conversations'],
        summary: 'A conversation with its newest messages, oldest first (`before` pages back)',
        params: ConversationParamsSchema,
        querystring: ConversationQuerySchema,
        response: { 200: ConversationDetailSchema, ...errors },
      },
    },
    async (request) => {
      const scope = await guardBrand(ctx, request);
      return getConversation(ctx, scope.brandId, request.params.id, request.query);
    },
  );

  app.post(
    '/api/v1/conversations/:id/messages',
    {
      schema: {
        tags: ['conversations'],
        summary: 'Append a message to a conversation',
        params: ConversationParamsSchema,
        querystring: BrandIdQuerySchema,
        body: AppendMessageSchema,
        response: { 201: MessageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = await guardBrand(ctx, request);
      const message = await appendMessage(ctx, {
        brandId: scope.brandId,
        conversationId: request.params.id,
        role: request.body.role,
        content: request.body.content,
        source: 'chat',
      });
      return reply.status(201).send(message);
    },
  );

  app.delete(
    '/api/v1/conversations/:id',
    {
      schema: {
        tags: ['conversations'],
        summary: 'Delete a conversation and its messages (its creator, or an editor or above)',
        params: ConversationParamsSchema,
        querystring: BrandIdQuerySchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request) => {
      const scope = await guardBrand(ctx, request);
      await deleteConversation(ctx, { brandId: scope.brandId, role: scope.role, userId: scope.caller.userId }, request.params.id);
      return { ok: true as const };
    },
  );
};

import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { CountSchema } from '@console/contract/common';
import { ErrorBodySchema } from '@console/contract/errors';
import {
  EmailDetailSchema,
  EmailSchema,
  EmailsResponseSchema,
  MailFoldersResponseSchema,
  MailListQuerySchema,
  MailUnreadSchema,
} from '@console/contract/mail';
import type { AppContext } from '../../context';
import { guardBrand } from '../../http/brand-guard';
import { unauthorized } from '../../http/errors';
import type { RoutePlugin } from '../../http/types';
import { findBrandByApiKey } from '../brands/service';
import { archiveEmail, countUnread, listEmails, listFolders, openEmail, readAttachment } from './service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const apiKeySecurity = [{ brandApiKey: [] }];
const OptionalBrandQuery = z.object({ brand_id: z.string().optional() });
const BrandQuery = z.object({ brand_id: z.string() });
const EmailParams = z.object({ id: z.uuid() });

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * SPEC §7 Mail: `X-API-Key` + `X-Brand-Id` (or `brand_id`) authenticate the brand. A missing or
 * wrong key, or the key of another brand, answers 401 alike.
 */
async function requireBrandApiKey(ctx: AppContext, request: FastifyRequest): Promise<string> {
  const key = header(request, 'x-api-key');
  const brandId = header(request, 'x-brand-id') ?? (request.query as { brand_id?: string } | undefined)?.brand_id;
  if (!key || !brandId) throw unauthorized('X-API-Key and X-Brand-Id are required');
  const brand = await findBrandByApiKey(ctx, key);
  if (!brand || brand.id !== brandId) throw unauthorized('Invalid API key for this brand');
  return brand.id;
}

export const mailRoutes: RoutePlugin = async (app, ctx) => {
  // The brand API key routes the Email panel calls (SPEC §7 Mail).
  app.get(
    '/api/mail/folders',
    {
      schema: {
        tags: ['mail'],
        summary: 'Mailbox folders with unread and total counts (brand API key)',
        security: apiKeySecurity,
        querystring: OptionalBrandQuery,
        response: { 200: MailFoldersResponseSchema, ...errors },
      },
    },
    async (request) => ({ folders: await listFolders(ctx, await requireBrandApiKey(ctx, request)) }),
  );

  app.get(
    '/api/mail/inbox',
    {
      schema: {
        tags: ['mail'],
        summary: 'Mails of one folder, newest first (brand API key)',
        security: apiKeySecurity,
        querystring: MailListQuerySchema.extend(OptionalBrandQuery.shape),
        response: { 200: EmailsResponseSchema, ...errors },
      },
    },
    async (request) => listEmails(ctx, await requireBrandApiKey(ctx, request), request.query),
  );

  app.get(
    '/api/mail/inbox/unread',
    {
      schema: {
        tags: ['mail'],
        summary: 'Unread inbox mails (brand API key)',
        security: apiKeySecurity,
        querystring: OptionalBrandQuery,
        response: { 200: MailUnreadSchema, ...errors },
      },
    },
    async (request) => {
      const counts = await countUnread(ctx, await requireBrandApiKey(ctx, request));
      return { ...counts, unread: counts.count };
    },
  );

  // The same data for signed-in members (bearer token), for callers who do not see the API key.
  app.get(
    '/api/v1/mail/folders',
    { schema: { tags: ['mail'], summary: 'Mailbox folders with unread and total counts', querystring: BrandQuery, response: { 200: MailFoldersResponseSchema, ...errors } } },
    async (request) => {
      const scope = await guardBrand(ctx, request);
      return { folders: await listFolders(ctx, scope.brandId) };
    },
  );

  app.get(
    '/api/v1/mail/inbox',
    {
      schema: {
        tags: ['mail'],
        summary: 'Mails of one folder, newest first',
        querystring: MailListQuerySchema.extend(BrandQuery.shape),
        response: { 200: EmailsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const scope = await guardBrand(ctx, request);
      return listEmails(ctx, scope.brandId, request.query);
    },
  );

  app.get(
    '/api/v1/mail/inbox/unread',
    {
      schema: {
        tags: ['mail'],
        summary: 'Unread Emails card: unread inbox mails, all inbox mails, trend',
        querystring: BrandQuery,
        response: { 200: CountSchema, ...errors },
      },
    },
    async (request) => {
      const scope = await guardBrand(ctx, request, { allowAll: true });
      return countUnread(ctx, scope.brandId);
    },
  );

  app.get(
    '/api/v1/mail/emails/:id',
    {
      schema: {
        tags: ['mail'],
        summary: 'Open one mail (marks it read)',
        params: EmailParams,
        querystring: BrandQuery,
        response: { 200: EmailDetailSchema, ...errors },
      },
    },
    async (request) => {
      const scope = await guardBrand(ctx, request);
      return openEmail(ctx, scope.brandId, request.params.id);
    },
  );

  app.get(
    '/api/v1/mail/emails/:id/attachments/:attachmentId',
    {
      schema: {
        tags: ['mail'],
        summary: "Download one of a mail's attachments",
        params: z.object({ id: z.uuid(), attachmentId: z.uuid() }),
        querystring: BrandQuery,
        response: { 200: z.any().describe('The attachment bytes'), ...errors },
      },
    },
    async (request, reply) => {
      const scope = await guardBrand(ctx, request);
      const file = await readAttachment(ctx, scope.brandId, request.params.id, request.params.attachmentId);
      // Always a download, never rendered in the console's origin: the type and name come from the sender.
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );

  app.post(
    '/api/v1/mail/emails/:id/archive',
    {
      schema: {
        tags: ['mail'],
        summary: 'Move one mail to the archive folder',
        params: EmailParams,
        querystring: BrandQuery,
        response: { 200: EmailSchema, ...errors },
      },
    },
    async (request) => {
      const scope = await guardBrand(ctx, request, { role: 'agent' });
      return archiveEmail(ctx, scope.brandId, request.params.id);
    },
  );
};

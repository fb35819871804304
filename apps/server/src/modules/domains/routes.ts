import {
  AddDomainRequestSchema,
  BrandDomainsParamsSchema,
  ConfigureEmailResponseSchema,
  DnsRecordListSchema,
  DomainIdParamsSchema,
  DomainListSchema,
  DomainSchema,
  EnableChatRequestSchema,
  EnableChatResponseSchema,
  SetPrimaryResponseSchema,
  VerifyDomainRequestSchema,
  VerifyDomainResponseSchema,
} from '@console/contract/domains';
import { ErrorBodySchema } from '@console/contract/errors';
import { OkSchema } from '@console/contract/common';
import { requireCaller } from '../../http/auth';
import { guardBrand } from '../../http/brand-guard';
import type { RoutePlugin } from '../../http/types';
import {
  addDomain,
  configureEmail,
  enableChatEmail,
  getDnsRecords,
  listDomains,
  loadDomainFor,
  removeDomain,
  setPrimaryDomain,
  verifyDomain,
} from './service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const tags = ['domains'];

/** SPEC §7 Domains. Members read; owners and admins change (CONTRACT §Roles). */
export const domainRoutes: RoutePlugin = async (app, ctx) => {
  app.get(
    '/api/v1/support/brands/:brandId/domains',
    {
      schema: { tags, summary: "List the brand's domains", params: BrandDomainsParamsSchema, response: { 200: DomainListSchema, ...errors } },
    },
    async (request) => {
      const scope = await guardBrand(ctx, request);
      return { domains: await listDomains(ctx, scope.brandId) };
    },
  );

  app.post(
    '/api/v1/support/brands/:brandId/domains',
    {
      schema: {
        tags,
        summary: 'Add a domain (unverified until its TXT record is found)',
        params: BrandDomainsParamsSchema,
        body: AddDomainRequestSchema,
        response: { 201: DomainSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = await guardBrand(ctx, request, { role: 'admin' });
      return reply.status(201).send(await addDomain(ctx, scope.brandId, request.body.domain));
    },
  );

  app.delete(
    '/api/v1/support/domains/:id',
    { schema: { tags, summary: 'Remove a domain', params: DomainIdParamsSchema, response: { 200: OkSchema, ...errors } } },
    async (request) => {
      const row = await loadDomainFor(ctx, await requireCaller(ctx, request), request.params.id, 'admin');
      await removeDomain(ctx, row);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/support/domains/:id/records',
    {
      schema: {
        tags,
        summary: "The domain's DNS records: verification TXT, then MX, SPF, DKIM and DMARC once email is configured",
        params: DomainIdParamsSchema,
        response: { 200: DnsRecordListSchema, ...errors },
      },
    },
    async (request) => {
      const row = await loadDomainFor(ctx, await requireCaller(ctx, request), request.params.id, 'viewer');
      return { records: await getDnsRecords(ctx, row) };
    },
  );

  app.post(
    '/api/v1/support/domains/:id/set-primary',
    {
      schema: { tags, summary: "Make a verified domain the brand's primary domain", params: DomainIdParamsSchema, response: { 200: SetPrimaryResponseSchema, ...errors } },
    },
    async (request) => {
      const row = await loadDomainFor(ctx, await requireCaller(ctx, request), request.params.id, 'admin');
      return { message: 'Domain set as primary!', domain: await setPrimaryDomain(ctx, row) };
    },
  );

  app.post(
    '/api/v1/support/domains/:id/configure-email',
    {
      schema: {
        tags,
        summary: 'Create the MX, SPF, DKIM and DMARC records and check each in DNS (again: re-check)',
        params: DomainIdParamsSchema,
        response: { 200: ConfigureEmailResponseSchema, ...errors },
      },
    },
    async (request) => {
      const row = await loadDomainFor(ctx, await requireCaller(ctx, request), request.params.id, 'admin');
      return configureEmail(ctx, row);
    },
  );

  app.post(
    '/api/v1/support/domains/:id/verify',
    {
      schema: {
        tags,
        summary: 'Verify the domain by its TXT record, or publish the record through the connected DNS provider first',
        params: DomainIdParamsSchema,
        body: VerifyDomainRequestSchema.optional(),
        response: { 200: VerifyDomainResponseSchema, ...errors },
      },
    },
    async (request) => {
      const row = await loadDomainFor(ctx, await requireCaller(ctx, request), request.params.id, 'admin');
      return verifyDomain(ctx, row, request.body?.method ?? 'txt_record');
    },
  );

  app.post(
    '/api/v1/support/domains/:id/enable-chat',
    {
      schema: {
        tags,
        summary: 'Enable chat email on a verified domain',
        params: DomainIdParamsSchema,
        body: EnableChatRequestSchema.optional(),
        response: { 200: EnableChatResponseSchema, ...errors },
      },
    },
    async (request) => {
      const row = await loadDomainFor(ctx, await requireCaller(ctx, request), request.params.id, 'admin');
      return enableChatEmail(ctx, row, request.body?.chat_subdomain ?? 'chat');
    },
  );
};

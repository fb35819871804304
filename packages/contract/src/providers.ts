import { z } from 'zod';
import { PROVIDERS_PAGE_SIZE } from './limits';

/** SPEC §9: the provider catalog's categories (each has a count tab). */
export const PROVIDER_CATEGORIES = ['dns', 'cloud', 'llm', 'database', 'auth', 'communication', 'devops'] as const;
export const ProviderCategorySchema = z.enum(PROVIDER_CATEGORIES);
export type ProviderCategory = z.infer<typeof ProviderCategorySchema>;

/** How each category is named on its tab and badges. */
export const PROVIDER_CATEGORY_LABELS: Record<ProviderCategory, string> = {
  dns: 'DNS',
  cloud: 'Cloud',
  llm: 'LLM',
  database: 'Database',
  auth: 'Auth',
  communication: 'Communication',
  devops: 'DevOps',
};

/** SPEC §3 Marketplace provider. `id` is the catalog's stable slug (e.g. `cloudflare`), also used as `provider_name`. */
export const MarketplaceProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  short_description: z.string(),
  description: z.string(),
  category: ProviderCategorySchema,
  /** Comma-separated keywords. */
  meta_keywords: z.string(),
  /** Served by our own server. */
  logo_url: z.string(),
  website: z.string(),
});
export type MarketplaceProvider = z.infer<typeof MarketplaceProviderSchema>;

/** `GET /api/v1/marketplace/providers`: paged by 50 (SPEC §9); `offset` wins over `page` when given. */
export const MarketplaceProvidersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PROVIDERS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).optional(),
  category: ProviderCategorySchema.optional(),
  q: z.string().trim().max(200).optional(),
});
export type MarketplaceProvidersQuery = z.infer<typeof MarketplaceProvidersQuerySchema>;

export const MarketplaceProvidersResponseSchema = z.object({
  providers: z.array(MarketplaceProviderSchema),
  total: z.number(),
});
export type MarketplaceProvidersResponse = z.infer<typeof MarketplaceProvidersResponseSchema>;

/** Where our server serves a catalog provider's logo (no external image URLs). */
export const providerLogoPath = (id: string) => `/api/v1/marketplace/providers/${id}/logo.svg`;

/** One form field of the connect modal (SPEC §5 provider connect fields). */
export interface ProviderField {
  name: string;
  label: string;
  type: 'text' | 'password' | 'email' | 'textarea' | 'url';
  required: boolean;
  /** Sealed at rest and only ever shown masked. */
  secret: boolean;
  placeholder?: string;
}

const field = (name: string, label: string, type: ProviderField['type'], required: boolean, secret: boolean, placeholder?: string): ProviderField => ({
  name,
  label,
  type,
  required,
  secret,
  ...(placeholder ? { placeholder } : {}),
});

/** Optional endpoint overrides offered for LLM providers (self-hosted OpenAI-compatible servers). */
const LLM_EXTRA_FIELDS: ProviderField[] = [
  field('base_url', 'Base URL', 'url', false, false, 'https://api.example.com/v1'),
  field('model', 'Model', 'text', false, false),
];

/** SPEC §5: the connect fields of the providers it names; any other provider needs an API key. */
const PROVIDER_FIELDS: Record<string, ProviderField[]> = {
  cloudflare: [field('api_token', 'API Token', 'password', true, true), field('email', 'Email', 'email', true, false)],
  aws: [
    field('access_key_id', 'Access Key ID', 'text', true, true),
    field('secret_access_key', 'Secret Access Key', 'password', true, true),
    field('region', 'Region', 'text', false, false, 'us-east-1'),
  ],
  digitalocean: [field('api_token', 'API Token', 'password', true, true)],
  gcp: [field('project_id', 'Project ID', 'text', true, false), field('credentials_json', 'Credentials JSON', 'textarea', true, true)],
  azure: [
    field('subscription_id', 'Subscription ID', 'text', true, false),
    field('tenant_id', 'Tenant ID', 'text', true, false),
    field('client_id', 'Client ID', 'text', true, false),
    field('client_secret', 'Client Secret', 'password', true, true),
  ],
  stripe: [field('secret_key', 'Secret Key', 'password', true, true), field('publishable_key', 'Publishable Key', 'text', false, false)],
  openai: [field('api_key', 'API Key', 'password', true, true), field('organization_id', 'Organization ID', 'text', false, false), ...LLM_EXTRA_FIELDS],
};

/** The connect fields for a catalog provider id (SPEC §5), in form order. */
export function providerFields(providerId: string, category?: ProviderCategory): ProviderField[] {
  const known = PROVIDER_FIELDS[providerId];
  if (known) return known;
  const apiKey = field('api_key', 'API Key', 'password', true, true);
  return category === 'llm' ? [apiKey, ...LLM_EXTRA_FIELDS] : [apiKey];
}

/** `POST /api/v1/user/providers?brand_id`: the form's values; required fields are checked by the server. */
export const ConnectProviderRequestSchema = z.object({
  provider_name: z.string().trim().min(1, 'provider_name is required').max(100),
  connection_config: z.record(z.string(), z.string().max(20_000)).default({}),
});
export type ConnectProviderRequest = z.infer<typeof ConnectProviderRequestSchema>;

export const HEALTH_STATUSES = ['healthy', 'unhealthy', 'unknown'] as const;
export const HealthStatusSchema = z.enum(HEALTH_STATUSES);
export type HealthStatus = z.infer<typeof HealthStatusSchema>;

/** A stored field as the API shows it: secrets masked, never in clear. */
export const ConnectionFieldSchema = z.object({ name: z.string(), value: z.string(), secret: z.boolean() });

/** SPEC §3 Connected provider (`id, provider_name, health_status`) plus what the console shows about it. */
export const ProviderConnectionSchema = z.object({
  id: z.string(),
  brand_id: z.string(),
  provider_name: z.string(),
  display_name: z.string(),
  provider_type: ProviderCategorySchema,
  health_status: HealthStatusSchema,
  /** Why the last check failed (or why there is none); null when healthy. */
  health_message: z.string().nullable(),
  /** When the health check last ran; null for providers without one. */
  last_checked_at: z.string().nullable(),
  fields: z.array(ConnectionFieldSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProviderConnection = z.infer<typeof ProviderConnectionSchema>;

export const UserProvidersQuerySchema = z.object({ brand_id: z.uuid().optional() });
export const UserProvidersResponseSchema = z.object({ providers: z.array(ProviderConnectionSchema) });
export type UserProvidersResponse = z.infer<typeof UserProvidersResponseSchema>;

/** SPEC §3 Provider connection (brand): `name, provider_type, status`. */
export const BrandProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  display_name: z.string(),
  provider_type: ProviderCategorySchema,
  /** `connected` when the last health check passed or none exists, else `error`. */
  status: z.enum(['connected', 'error']),
  health_status: HealthStatusSchema,
});
export type BrandProvider = z.infer<typeof BrandProviderSchema>;
export const BrandProvidersResponseSchema = z.object({ providers: z.array(BrandProviderSchema) });
export type BrandProvidersResponse = z.infer<typeof BrandProvidersResponseSchema>;

export const ConnectionIdParamsSchema = z.object({ id: z.uuid() });
export const ProviderIdParamsSchema = z.object({ id: z.string().regex(/^[a-z0-9-]+$/) });

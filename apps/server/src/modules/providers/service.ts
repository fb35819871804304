import {
  providerFields,
  providerLogoPath,
  type BrandProvider,
  type ConnectProviderRequest,
  type HealthStatus,
  type MarketplaceProvider,
  type MarketplaceProvidersQuery,
  type MarketplaceProvidersResponse,
  type ProviderConnection,
} from '@console/contract/providers';
import type { AppContext } from '../../context';
import { PROVIDER_CATALOG, findCatalogProvider, type CatalogProvider } from '../../data/providers';
import { AppError, notFound } from '../../http/errors';
import { anthropicRoot, checkProviderHealth } from './health';
import {
  deleteConnection,
  findConnectionById,
  listBrandConnections,
  listUserConnections,
  updateConnectionHealth,
  upsertConnection,
  type ProviderConnectionRow,
} from './queries';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'keyring' | 'config' | 'fetch' | 'log' | 'cache'>;

/**
 * The LLM connection each brand's chat uses, so a chat reply needs no look-up before it starts
 * (ARCHITECTURE §Scaling). Every write to a brand's connections drops its entry everywhere.
 */
const LLM_CONNECTION_CACHE = { ttlMs: 5 * 60_000, max: 10_000 };

function llmConnections(ctx: Pick<AppContext, 'cache'>) {
  return ctx.cache.cache<{ connection?: BrandLlmConnection }>('llm-connections', LLM_CONNECTION_CACHE);
}

async function connectionsChanged(ctx: Pick<AppContext, 'cache'>, brandId: string) {
  await llmConnections(ctx).drop(brandId);
}


function toMarketplaceProvider(p: CatalogProvider): MarketplaceProvider {
  return {
    id: p.id,
    name: p.name,
    short_description: p.short_description,
    description: p.description,
    category: p.category,
    meta_keywords: p.meta_keywords,
    logo_url: providerLogoPath(p.id),
    website: p.website,
  };
}

/** SPEC §7: the catalog, filtered by category and search text, paged (`offset` wins over `page`). */
export function listMarketplaceProviders(query: MarketplaceProvidersQuery): MarketplaceProvidersResponse {
  const terms = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const matches = PROVIDER_CATALOG.filter((p) => {
    if (query.category && p.category !== query.category) return false;
    if (terms.length === 0) return true;
    const haystack = `${p.id} ${p.name} ${p.short_description} ${p.description} ${p.meta_keywords} ${p.category}`.toLowerCase();
    return terms.every((term) => haystack.includes(term));
  });
  const offset = query.offset ?? (query.page - 1) * query.limit;
  return { providers: matches.slice(offset, offset + query.limit).map(toMarketplaceProvider), total: matches.length };
}

export function findMarketplaceProvider(id: string): CatalogProvider {
  const provider = findCatalogProvider(id);
  if (!provider) throw notFound('Provider');
  return provider;
}

/** Masks a secret: never more than its last 4 characters, and only when it is long enough. */
export function maskSecret(value: string): string {
  return value.length >= 16 ? `••••••••${value.slice(-4)}` : '••••••••';
}

const requiredError = (name: string) =>
  new AppError('VALIDATION_ERROR', `${name} is required`, [{ path: `body.connection_config.${name}`, message: 'Required' }]);

/**
 * SPEC §5 provider connect fields, checked on the server: every required field present and not
 * blank (400 naming the first missing one); unknown fields dropped; URL and JSON fields parsed.
 */
export function validateConnectionConfig(provider: CatalogProvider, input: Record<string, string>): Record<string, string> {
  const config: Record<string, string> = {};
  for (const field of providerFields(provider.id, provider.category)) {
    const raw = input[field.name];
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (!value) {
      if (field.required) throw requiredError(field.name);
      continue;
    }
    if (field.type === 'url' && !/^https?:\/\/[^\s/]+/i.test(value)) {
      throw new AppError('VALIDATION_ERROR', `${field.name} must be an http(s) URL`, [{ path: `body.connection_config.${field.name}`, message: 'Invalid URL' }]);
    }
    if (field.name === 'credentials_json') {
      try {
        JSON.parse(value);
      } catch {
        throw new AppError('VALIDATION_ERROR', 'credentials_json must be valid JSON', [{ path: 'body.connection_config.credentials_json', message: 'Invalid JSON' }]);
      }
    }
    config[field.name] = value;
  }
  return config;
}

export function maskedFields(provider: CatalogProvider, config: Record<string, string>) {
  return providerFields(provider.id, provider.category)
    .filter((f) => config[f.name] !== undefined)
    .map((f) => ({ name: f.name, value: f.secret ? maskSecret(config[f.name]) : config[f.name], secret: f.secret }));
}

function toConnection(row: ProviderConnectionRow): ProviderConnection {
  const provider = findCatalogProvider(row.providerName);
  return {
    id: row.id,
    brand_id: row.brandId,
    provider_name: row.providerName,
    display_name: provider?.name ?? row.providerName,
    provider_type: (provider?.category ?? row.providerType) as ProviderConnection['provider_type'],
    health_status: row.healthStatus as HealthStatus,
    health_message: row.healthMessage,
    last_checked_at: row.lastCheckedAt?.toISOString() ?? null,
    fields: JSON.parse(row.fieldsMasked) as ProviderConnection['fields'],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Connects (or reconnects) a brand to a catalog provider: validates the fields, runs the health
 * check, seals the whole config and saves it even when unhealthy (CONTRACT §Providers).
 */
export async function connectProvider(ctx: Ctx, brandId: string, input: ConnectProviderRequest): Promise<ProviderConnection> {
  const provider = findCatalogProvider(input.provider_name);
  if (!provider) {
    throw new AppError('VALIDATION_ERROR', `Unknown provider: ${input.provider_name}`, [{ path: 'body.provider_name', message: 'Unknown provider' }]);
  }
  const config = validateConnectionConfig(provider, input.connection_config);
  const health = await checkProviderHealth(ctx, provider, config);
  const now = ctx.clock.now();
  const row = await upsertConnection(ctx.db, {
    brandId,
    providerName: provider.id,
    providerType: provider.category,
    configSealed: ctx.keyring.seal(JSON.stringify(config)),
    fieldsMasked: JSON.stringify(maskedFields(provider, config)),
    healthStatus: health.status,
    healthMessage: health.message,
    lastCheckedAt: health.status === 'unknown' ? null : now,
    createdAt: now,
    updatedAt: now,
  });
  await connectionsChanged(ctx, brandId);
  ctx.log.info({ brandId, provider: provider.id, health: health.status }, 'provider connected');
  return toConnection(row);
}

/** The connections of one brand, or of every brand the user belongs to. */
export async function listConnections(ctx: Ctx, opts: { brandId?: string; userId: string }): Promise<ProviderConnection[]> {
  const rows = opts.brandId ? await listBrandConnections(ctx.db, opts.brandId) : await listUserConnections(ctx.db, opts.userId);
  return rows.map(toConnection);
}

/** SPEC §3 Provider connection (brand): `name, provider_type, status`. */
export async function listBrandProviders(ctx: Ctx, brandId: string): Promise<BrandProvider[]> {
  const rows = await listBrandConnections(ctx.db, brandId);
  return rows.map((row) => {
    const c = toConnection(row);
    return {
      id: c.id,
      name: c.provider_name,
      display_name: c.display_name,
      provider_type: c.provider_type,
      status: c.health_status === 'unhealthy' ? 'error' : 'connected',
      health_status: c.health_status,
    };
  });
}

/** A connection row for the resource routes; the caller's brand role is checked by the route. */
export async function getConnectionRow(ctx: Ctx, id: string) {
  const row = await findConnectionById(ctx.db, id);
  if (!row) throw notFound('Provider connection');
  return row;
}

function openConfig(ctx: Pick<AppContext, 'keyring'>, row: ProviderConnectionRow): Record<string, string> {
  return JSON.parse(ctx.keyring.open(row.configSealed)) as Record<string, string>;
}

/** Re-runs the health check of a stored connection and records the result. */
export async function recheckConnection(ctx: Ctx, row: ProviderConnectionRow): Promise<ProviderConnection> {
  const provider = findCatalogProvider(row.providerName);
  const health = provider
    ? await checkProviderHealth(ctx, provider, openConfig(ctx, row))
    : { status: 'unknown' as const, message: 'Provider is no longer in the catalog' };
  const updated = await updateConnectionHealth(ctx.db, row.id, ctx.clock.now(), {
    status: health.status,
    message: health.message,
    checkedAt: health.status === 'unknown' ? null : ctx.clock.now(),
  });
  await connectionsChanged(ctx, row.brandId);
  return toConnection(updated);
}

export async function disconnectProvider(ctx: Ctx, row: ProviderConnectionRow): Promise<void> {
  await deleteConnection(ctx.db, row.brandId, row.id);
  await connectionsChanged(ctx, row.brandId);
  ctx.log.info({ brandId: row.brandId, provider: row.providerName }, 'provider disconnected');
}

const HEALTH_RANK: Record<string, number> = { healthy: 0, unknown: 1, unhealthy: 2 };

export interface BrandLlmConnection {
  provider: 'openai' | 'anthropic' | 'ollama';
  apiKey?: string;
  baseUrl?: string;
  model?: string;
}

/**
 * The brand's connected LLM provider, decrypted, which the chat uses ahead of the env config
 * (ARCHITECTURE §Chat flow). OpenAI-compatible catalog providers (Groq, Mistral, vLLM, …) are
 * returned as `openai` with their base URL. Preference: healthy, then unchecked, then unhealthy;
 * newest first. `baseUrl` for OpenAI-compatible providers and Anthropic includes the version
 * segment (`/v1`), as the AI SDK expects; for Ollama it is the server root
 * (e.g. `http://localhost:11434`). Anthropic without a base URL leaves it to the server config.
 */
export async function getBrandLlmConnection(ctx: Pick<AppContext, 'db' | 'keyring' | 'config' | 'cache'>, brandId: string): Promise<BrandLlmConnection | undefined> {
  const found = await llmConnections(ctx).through(brandId, () => [brandId], async () => ({ connection: await loadBrandLlmConnection(ctx, brandId) }));
  return found?.connection;
}

async function loadBrandLlmConnection(ctx: Pick<AppContext, 'db' | 'keyring' | 'config'>, brandId: string): Promise<BrandLlmConnection | undefined> {
  const rows = (await listBrandConnections(ctx.db, brandId))
    .map((row) => ({ row, provider: findCatalogProvider(row.providerName) }))
    .filter((r): r is { row: ProviderConnectionRow; provider: CatalogProvider } =>
      !!r.provider && (r.provider.check === 'openai-compatible' || r.provider.check === 'anthropic' || r.provider.check === 'ollama'))
    .sort((a, b) => (HEALTH_RANK[a.row.healthStatus] ?? 1) - (HEALTH_RANK[b.row.healthStatus] ?? 1) || b.row.updatedAt.getTime() - a.row.updatedAt.getTime());
  const chosen = rows[0];
  if (!chosen) return undefined;
  const config = openConfig(ctx, chosen.row);
  const model = config.model || chosen.provider.model;
  if (chosen.provider.check === 'anthropic') {
    // The SDK's base URL carries the version segment.
    const baseUrl = config.base_url ? `${anthropicRoot(config.base_url)}/v1` : undefined;
    return { provider: 'anthropic', apiKey: config.api_key, ...(baseUrl ? { baseUrl } : {}), ...(model ? { model } : {}) };
  }
  if (chosen.provider.check === 'ollama') {
    return { provider: 'ollama', baseUrl: config.base_url || ctx.config.OLLAMA_URL || chosen.provider.baseUrl, ...(model ? { model } : {}) };
  }
  return { provider: 'openai', apiKey: config.api_key, baseUrl: config.base_url || chosen.provider.baseUrl, ...(model ? { model } : {}) };
}

export interface DnsProviderConnection {
  provider: 'cloudflare';
  apiToken: string;
  email?: string;
  baseUrl: string;
}

/** The brand's Cloudflare connection, decrypted, for domain provider sync. */
export async function getDnsProviderConnection(ctx: Pick<AppContext, 'db' | 'keyring' | 'config'>, brandId: string): Promise<DnsProviderConnection | undefined> {
  const row = (await listBrandConnections(ctx.db, brandId)).find((r) => r.providerName === 'cloudflare');
  if (!row) return undefined;
  const config = openConfig(ctx, row);
  return {
    provider: 'cloudflare',
    apiToken: config.api_token,
    ...(config.email ? { email: config.email } : {}),
    baseUrl: (config.base_url || ctx.config.CLOUDFLARE_API_URL).replace(/\/+$/, ''),
  };
}

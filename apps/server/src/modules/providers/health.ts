import type { HealthStatus } from '@console/contract/providers';
import type { AppContext } from '../../context';
import type { CatalogProvider } from '../../data/providers';

/** How long a provider may take to answer its health check. */
export const HEALTH_CHECK_TIMEOUT_MS = 5_000;

export interface HealthResult {
  status: HealthStatus;
  /** Why it is unhealthy (or why there is no check); null when healthy. */
  message: string | null;
}

interface Probe {
  url: string;
  headers: Record<string, string>;
  /** Extra test of a 2xx body (Cloudflare answers 200 with `result.status`). */
  accept?: (body: unknown) => string | null;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** Anthropic's API root without the version segment; a base URL may be given with or without `/v1`. */
export const anthropicRoot = (url: string) => trimSlash(url).replace(/\/v1$/, '');

/** The request that proves the credentials work, per provider kind; undefined when there is none. */
function probeFor(ctx: Pick<AppContext, 'config'>, provider: CatalogProvider, config: Record<string, string>): Probe | undefined {
  const base = trimSlash(config.base_url || provider.baseUrl || '');
  switch (provider.check) {
    case 'openai-compatible': {
      const headers: Record<string, string> = { authorization: `Bearer ${config.api_key}` };
      if (config.organization_id) headers['openai-organization'] = config.organization_id;
      return { url: `${base}/models`, headers };
    }
    case 'anthropic':
      return { url: `${anthropicRoot(base)}/v1/models`, headers: { 'x-api-key': config.api_key, 'anthropic-version': '2023-06-01' } };
    case 'ollama':
      return { url: `${trimSlash(config.base_url || ctx.config.OLLAMA_URL || provider.baseUrl || '')}/api/tags`, headers: config.api_key ? { authorization: `Bearer ${config.api_key}` } : {} };
    case 'cloudflare':
      return {
        url: `${trimSlash(config.base_url || ctx.config.CLOUDFLARE_API_URL)}/user/tokens/verify`,
        headers: { authorization: `Bearer ${config.api_token}` },
        accept: (body) => {
          const status = (body as { result?: { status?: string } } | null)?.result?.status;
          return status === undefined || status === 'active' ? null : `Token is ${status}`;
        },
      };
    case 'digitalocean':
      return { url: `${base}/account`, headers: { authorization: `Bearer ${config.api_token}` } };
    case 'stripe':
      return { url: `${base}/balance`, headers: { authorization: `Bearer ${config.secret_key}` } };
    case 'github':
      return { url: `${base}/user`, headers: { authorization: `Bearer ${config.api_key}`, accept: 'application/vnd.github+json', 'user-agent': 'brand-console' } };
    default:
      return undefined;
  }
}

function describeStatus(status: number): string {
  if (status === 401 || status === 403) return `Authentication failed (HTTP ${status})`;
  if (status === 404) return 'Endpoint not found (HTTP 404): check the base URL';
  if (status === 429) return 'Rate limited by the provider (HTTP 429)';
  return `Provider answered HTTP ${status}`;
}

/**
 * Runs the provider's real health check through `ctx.fetch` with a timeout. Never throws: a
 * failing check is a result (CONTRACT §Providers: the connection is saved either way).
 */
export async function checkProviderHealth(
  ctx: Pick<AppContext, 'config' | 'fetch'>,
  provider: CatalogProvider,
  config: Record<string, string>,
): Promise<HealthResult> {
  const probe = probeFor(ctx, provider, config);
  if (!probe) return { status: 'unknown', message: 'No automatic health check for this provider' };
  let host = probe.url;
  try {
    host = new URL(probe.url).host;
  } catch {
    return { status: 'unhealthy', message: 'Invalid base URL' };
  }
  try {
    const res = await ctx.fetch(probe.url, { headers: probe.headers, signal: AbortSignal.timeout(HEALTH_CHECK_TIMEOUT_MS), redirect: 'manual' });
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      return { status: 'unhealthy', message: describeStatus(res.status) };
    }
    if (probe.accept) {
      const body: unknown = await res.json().catch(() => null);
      const reason = probe.accept(body);
      if (reason) return { status: 'unhealthy', message: reason };
    } else {
      await res.body?.cancel().catch(() => undefined);
    }
    return { status: 'healthy', message: null };
  } catch (err) {
    const name = (err as Error)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return { status: 'unhealthy', message: `No answer from ${host} within ${HEALTH_CHECK_TIMEOUT_MS / 1000} s` };
    }
    return { status: 'unhealthy', message: `Could not reach ${host}` };
  }
}

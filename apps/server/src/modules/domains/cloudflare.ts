import type { AppContext } from '../../context';

/** A Cloudflare account as the providers module hands it out (credentials already opened). */
export interface CloudflareConnection {
  apiToken: string;
  email?: string;
  /** API root including `/client/v4`. */
  baseUrl: string;
}

/** A Cloudflare API call that failed; `message` is safe to show (ours plus Cloudflare's reason). */
export class CloudflareError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CloudflareError';
  }
}

interface CfEnvelope<T> {
  success: boolean;
  errors?: Array<{ code?: number; message?: string }>;
  result: T;
}

const REQUEST_TIMEOUT_MS = 10_000;

/** A 37-character hex value with an email is a Global API Key; anything else is an API token. */
function authHeaders(conn: CloudflareConnection): Record<string, string> {
  if (conn.email && /^[0-9a-f]{37}$/i.test(conn.apiToken)) return { 'X-Auth-Email': conn.email, 'X-Auth-Key': conn.apiToken };
  return { Authorization: `Bearer ${conn.apiToken}` };
}

async function call<T>(ctx: Pick<AppContext, 'fetch'>, conn: CloudflareConnection, method: string, path: string, body?: unknown): Promise<T> {
  const url = conn.baseUrl.replace(/\/+$/, '') + path;
  let res: Response;
  try {
    res = await ctx.fetch(url, {
      method,
      headers: { ...authHeaders(conn), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    const reason = (err as Error).name === 'TimeoutError' ? 'timed out' : 'could not be reached';
    throw new CloudflareError(`The Cloudflare API ${reason}`);
  }
  let envelope: CfEnvelope<T> | undefined;
  try {
    envelope = (await res.json()) as CfEnvelope<T>;
  } catch {
    envelope = undefined;
  }
  if (!res.ok || !envelope?.success) {
    const reason = envelope?.errors?.map((e) => e.message).filter(Boolean).join('; ') || `HTTP ${res.status}`;
    throw new CloudflareError(`Cloudflare refused the request: ${reason}`);
  }
  return envelope.result;
}

/** The zone holding `domain`: the name itself or its closest parent in the account. */
async function findZone(ctx: Pick<AppContext, 'fetch'>, conn: CloudflareConnection, domain: string) {
  const labels = domain.split('.');
  for (let i = 0; i <= labels.length - 2; i++) {
    const name = labels.slice(i).join('.');
    const zones = await call<Array<{ id: string; name: string }>>(ctx, conn, 'GET', `/zones?name=${encodeURIComponent(name)}`);
    const zone = zones.find((z) => z.name.toLowerCase() === name);
    if (zone) return zone;
  }
  throw new CloudflareError(`No Cloudflare zone for ${domain} in the connected account`);
}

/**
 * Publishes a TXT record through the Cloudflare v4 API, unless the zone already has it.
 * Returns whether a record was created.
 */
export async function publishTxtRecord(
  ctx: Pick<AppContext, 'fetch'>,
  conn: CloudflareConnection,
  input: { domain: string; name: string; content: string },
): Promise<boolean> {
  const zone = await findZone(ctx, conn, input.domain);
  const existing = await call<Array<{ content: string }>>(
    ctx,
    conn,
    'GET',
    `/zones/${encodeURIComponent(zone.id)}/dns_records?type=TXT&name=${encodeURIComponent(input.name)}`,
  );
  const unquote = (s: string) => s.replace(/^"|"$/g, '');
  if (existing.some((r) => unquote(r.content) === input.content)) return false;
  await call(ctx, conn, 'POST', `/zones/${encodeURIComponent(zone.id)}/dns_records`, {
    type: 'TXT',
    name: input.name,
    content: input.content,
    ttl: 1,
    comment: 'Domain verification for the brand console',
  });
  return true;
}

import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeDnsRecord {
  id: string;
  zoneId: string;
  type: string;
  name: string;
  content: string;
}

/** What the fake API saw: `METHOD path?query` and the Authorization header. */
export interface FakeCloudflareRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

/**
 * A small HTTP server on 127.0.0.1 speaking the parts of the Cloudflare v4 API that provider sync
 * uses: `GET /client/v4/zones?name=`, `GET/POST /client/v4/zones/:id/dns_records`. Requests need
 * `Authorization: Bearer <token>`; `onRecordCreated` lets a test publish the record in its DNS server.
 */
export async function startFakeCloudflare(opts: {
  token: string;
  zones: string[];
  onRecordCreated?: (record: FakeDnsRecord) => void;
}) {
  const zones = opts.zones.map((name) => ({ id: randomUUID().replace(/-/g, ''), name }));
  const records: FakeDnsRecord[] = [];
  const requests: FakeCloudflareRequest[] = [];

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const ok = (res: ServerResponse, result: unknown, status = 200) => send(res, status, { success: true, errors: [], messages: [], result });
  const fail = (res: ServerResponse, status: number, code: number, message: string) =>
    send(res, status, { success: false, errors: [{ code, message }], messages: [], result: null });

  async function readBody(req: IncomingMessage): Promise<unknown> {
    const parts: Buffer[] = [];
    for await (const part of req) parts.push(part as Buffer);
    const text = Buffer.concat(parts).toString('utf8');
    return text ? JSON.parse(text) : undefined;
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const body = await readBody(req).catch(() => undefined);
    requests.push({ method: req.method ?? 'GET', url: url.pathname + url.search, authorization: req.headers.authorization, body });
    if (req.headers.authorization !== `Bearer ${opts.token}`) return fail(res, 403, 10000, 'Authentication error');

    if (req.method === 'GET' && url.pathname === '/client/v4/user/tokens/verify') {
      return ok(res, { id: 'token-id', status: 'active' });
    }
    if (req.method === 'GET' && url.pathname === '/client/v4/zones') {
      const name = url.searchParams.get('name');
      return ok(res, zones.filter((z) => !name || z.name === name).map((z) => ({ id: z.id, name: z.name, status: 'active' })));
    }
    const match = /^\/client\/v4\/zones\/([^/]+)\/dns_records$/.exec(url.pathname);
    const zone = match && zones.find((z) => z.id === match[1]);
    if (match && !zone) return fail(res, 404, 7003, 'Could not route to /zones, perhaps your object identifier is invalid?');
    if (zone && req.method === 'GET') {
      const type = url.searchParams.get('type');
      const name = url.searchParams.get('name');
      return ok(
        res,
        records.filter((r) => r.zoneId === zone.id && (!type || r.type === type) && (!name || r.name === name)).map((r) => ({ ...r, zone_id: r.zoneId })),
      );
    }
    if (zone && req.method === 'POST') {
      const input = body as { type?: string; name?: string; content?: string };
      if (!input?.type || !input.name || !input.content) return fail(res, 400, 9000, 'DNS record is invalid');
      if (!input.name.endsWith(zone.name)) return fail(res, 400, 9005, 'Record name is outside the zone');
      const record: FakeDnsRecord = { id: randomUUID().replace(/-/g, ''), zoneId: zone.id, type: input.type, name: input.name, content: input.content };
      records.push(record);
      opts.onRecordCreated?.(record);
      return ok(res, { ...record, zone_id: zone.id });
    }
    return fail(res, 404, 7000, 'No route for that URI');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/client/v4`,
    records,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

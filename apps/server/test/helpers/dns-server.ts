import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { createServer, type Server, type Socket as TcpSocket } from 'node:net';
import dnsPacket, { type Answer, type Packet, type Question } from 'dns-packet';

export interface MxValue {
  exchange: string;
  priority: number;
}

/**
 * A small authoritative DNS server on 127.0.0.1 (UDP and TCP on the same port) whose TXT and MX
 * records a test sets and changes. Names it has no record for answer NXDOMAIN. `silent()` makes it
 * swallow every query, like a resolver that never answers.
 */
export interface TestDnsServer {
  port: number;
  /** `127.0.0.1:<port>` for DNS_SERVERS. */
  address: string;
  setTxt(name: string, values: string[]): void;
  setMx(name: string, values: MxValue[]): void;
  remove(name: string): void;
  clear(): void;
  silent(on?: boolean): void;
  /** Every question received, as `TYPE name`. */
  queries: string[];
  close(): Promise<void>;
}

const norm = (name: string) => name.toLowerCase().replace(/\.$/, '');

/** A TXT value split into the 255-byte character strings DNS carries. */
function chunks(value: string): Buffer[] {
  const buf = Buffer.from(value);
  const out: Buffer[] = [];
  for (let i = 0; i < buf.length; i += 255) out.push(buf.subarray(i, i + 255));
  return out.length ? out : [Buffer.alloc(0)];
}

export async function startDnsServer(opts: { port?: number } = {}): Promise<TestDnsServer> {
  const txt = new Map<string, string[]>();
  const mx = new Map<string, MxValue[]>();
  const queries: string[] = [];
  let quiet = false;

  function respond(query: Packet): Buffer | undefined {
    if (quiet) return undefined;
    const questions = (query.questions ?? []) as Question[];
    const answers: Answer[] = [];
    let known = false;
    for (const q of questions) {
      const name = norm(q.name);
      queries.push(`${q.type} ${name}`);
      if (txt.has(name) || mx.has(name)) known = true;
      if (q.type === 'TXT') {
        for (const value of txt.get(name) ?? []) answers.push({ type: 'TXT', name: q.name, ttl: 60, class: 'IN', data: chunks(value) });
      }
      if (q.type === 'MX') {
        for (const v of mx.get(name) ?? []) answers.push({ type: 'MX', name: q.name, ttl: 60, class: 'IN', data: { preference: v.priority, exchange: v.exchange } });
      }
    }
    return dnsPacket.encode({
      id: query.id,
      type: 'response',
      flags: dnsPacket.AUTHORITATIVE_ANSWER | (query.flags ?? 0) & dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE,
      rcode: known ? 'NOERROR' : 'NXDOMAIN',
      questions,
      answers,
    } as Packet);
  }

  const udp: Socket = createSocket('udp4');
  udp.on('message', (msg: Buffer, rinfo: RemoteInfo) => {
    let query: Packet;
    try {
      query = dnsPacket.decode(msg);
    } catch {
      return;
    }
    const reply = respond(query);
    if (reply) udp.send(reply, rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve, reject) => {
    udp.once('error', reject);
    udp.bind(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = udp.address().port;

  const sockets = new Set<TcpSocket>();
  const tcp: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let buffered = Buffer.alloc(0);
    socket.on('data', (data) => {
      buffered = Buffer.concat([buffered, data]);
      while (buffered.length >= 2) {
        const len = buffered.readUInt16BE(0);
        if (buffered.length < 2 + len) break;
        const msg = buffered.subarray(2, 2 + len);
        buffered = buffered.subarray(2 + len);
        try {
          const reply = respond(dnsPacket.decode(msg));
          if (reply) {
            const framed = Buffer.alloc(2 + reply.length);
            framed.writeUInt16BE(reply.length, 0);
            reply.copy(framed, 2);
            socket.write(framed);
          }
        } catch {
          socket.destroy();
        }
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    tcp.once('error', reject);
    tcp.listen(port, '127.0.0.1', () => resolve());
  });

  return {
    port,
    address: `127.0.0.1:${port}`,
    setTxt: (name, values) => void txt.set(norm(name), values),
    setMx: (name, values) => void mx.set(norm(name), values),
    remove(name) {
      txt.delete(norm(name));
      mx.delete(norm(name));
    },
    clear() {
      txt.clear();
      mx.clear();
    },
    silent(on = true) {
      quiet = on;
    },
    queries,
    async close() {
      for (const s of sockets) s.destroy();
      await Promise.all([new Promise<void>((r) => udp.close(() => r())), new Promise<void>((r) => tcp.close(() => r()))]);
    },
  };
}

// bench/smtp-ingest: 1,000 mails through the real SMTP listener into a brand mailbox.
// Prints mails accepted per second and the time from the SMTP transaction (MAIL FROM … DATA) to the
// mail being visible through the API (GET /api/v1/mail/emails/{id}), p50/p99/max.
// Embedded PGlite by default; BENCH_DATABASE_URL=postgres://… runs it on a PostgreSQL server.
import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import dnsPacket from 'dns-packet';
import nodemailer from 'nodemailer';
import { buildApp } from '../../apps/server/src/app';
import { testConfig } from '../../apps/server/src/config';
import { openDb } from '../../apps/server/src/db/client';
import { migrate } from '../../apps/server/src/db/migrate';
import { mailRoutes, users } from '../../apps/server/src/db/schema/index';
import { hashPassword } from '../../apps/server/src/crypto/passwords';
import { addMember, createBrand } from '../../apps/server/src/modules/brands/service';
import { createSmtpServer } from '../../apps/server/src/mail/inbound';

const MAILS = Number(process.argv[2] ?? 1000);
const CONCURRENCY = 10;

/** A loopback DNS server answering NXDOMAIN, so SPF/DKIM/DMARC checks run without the network. */
async function startDns() {
  const server = createSocket('udp4');
  server.on('message', (msg, rinfo) => {
    const q = dnsPacket.decode(msg);
    server.send(dnsPacket.encode({ id: q.id, type: 'response', flags: 3, questions: q.questions, answers: [] }), rinfo.port, rinfo.address);
  });
  await new Promise<void>((r) => server.bind(0, '127.0.0.1', r));
  return { server, address: `127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const dns = await startDns();
  const db = await openDb({ databaseUrl: process.env.BENCH_DATABASE_URL });
  await migrate(db);
  const config = testConfig({ DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: '500' });
  const { app, ctx } = await buildApp({ config, db, secretKey: 'bench-secret-key-0123456789abcdef0123456789' });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const smtp = createSmtpServer(ctx);
  const port = await smtp.listen(0, '127.0.0.1');

  const { brand } = await createBrand(ctx, { name: `Bench ${Date.now()}` });
  const domain = `bench-${brand.id.slice(0, 8)}.test`;
  await ctx.db.insert(mailRoutes).values({ brandId: brand.id, domain, kind: 'mailbox' });
  const [user] = await ctx.db
    .insert(users)
    .values({ name: 'Bench', email: `bench-${brand.id}@example.test`, passwordHash: await hashPassword('bench-password') })
    .returning();
  await addMember(ctx, { brandId: brand.id, userId: user.id, role: 'agent' });
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: 'bench-password' }),
  });
  const { token } = (await login.json()) as { token: string };

  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, pool: true, maxConnections: 1, maxMessages: Infinity });
      while (next < MAILS) {
        const i = next++;
        const t0 = performance.now();
        const info = await transport.sendMail({
          from: `sender${worker}@customer.example`,
          to: `inbox${i % 5}@${domain}`,
          subject: `Bench mail ${i}`,
          text: `Hello,\n\nThis is bench mail number ${i}.\n\nOn Mon, someone wrote:\n> quoted history`,
          messageId: `<bench-${i}-${brand.id}@customer.example>`,
        });
        const id = /accepted ([0-9a-f-]{36})/.exec(info.response)?.[1];
        const res = await fetch(`${baseUrl}/api/v1/mail/emails/${id}?brand_id=${brand.id}`, { headers: { authorization: `Bearer ${token}` } });
        if (res.status !== 200) throw new Error(`mail ${i} not visible: ${res.status}`);
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
      }
      transport.close();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);

  console.log(`database: ${db.kind}, mails: ${MAILS}, concurrent connections: ${CONCURRENCY}`);
  console.log(`accepted: ${(MAILS / seconds).toFixed(1)} mails/s (${seconds.toFixed(2)} s total)`);
  console.log(
    `transaction start -> visible through the API: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms (p99/p50 ${(percentile(latencies, 99) / percentile(latencies, 50)).toFixed(2)})`,
  );

  await smtp.close();
  await app.close();
  await db.close();
  dns.server.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

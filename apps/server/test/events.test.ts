import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { openDb, type DbClient } from '../src/db/client';
import { mailRoutes } from '../src/db/schema/index';
import type { App } from '../src/http/types';
import { createSmtpServer, type SmtpListener } from '../src/mail/inbound';
import { buildBrandWithTeam, buildUser, createTestApp, loginAs, TEST_SECRET_KEY, type TestApp } from './helpers/app';
import { testDatabaseUrl } from './helpers/db';

let t: TestApp;
let url: string;
let smtp: SmtpListener;
let team: Awaited<ReturnType<typeof buildBrandWithTeam>>;

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  smtp = createSmtpServer(t.ctx);
  await smtp.listen(0, '127.0.0.1');
  team = await buildBrandWithTeam(t);
  await t.ctx.db.insert(mailRoutes).values({ brandId: team.brand.id, domain: 'events.test', kind: 'mailbox' });
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
});

/** Opens the live events stream over a real socket and collects its events. */
async function openStream(baseUrl: string, brandId: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/v1/events?brand_id=${brandId}`, { headers, signal: controller.signal });
  const events: EventSourceMessage[] = [];
  const comments: string[] = [];
  const parser = createParser({ onEvent: (e) => events.push(e), onComment: (c) => comments.push(c.trim()) });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const done = (async () => {
    for (;;) {
      const { value, done: end } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (end) return;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  })();
  return {
    res,
    events,
    comments,
    async waitFor(predicate: (e: EventSourceMessage) => boolean, ms = 3000) {
      const start = Date.now();
      while (Date.now() - start < ms) {
        const found = events.find(predicate);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 20));
      }
      return undefined;
    },
    async close() {
      controller.abort();
      await done;
    },
  };
}

function sendMail(port: number, to: string, subject: string) {
  return nodemailer
    .createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
    .sendMail({ from: 'customer@sender.example', to, subject, text: `About ${subject}` });
}

describe('GET /api/v1/events', () => {
  it('should fail with 401 without a token and 404 for a member of another brand', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1/events?brand_id=${team.brand.id}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Authentication required', code: 'UNAUTHORIZED' });
    const outsider = await t.app.inject({ method: 'GET', url: `/api/v1/events?brand_id=${team.brand.id}`, headers: team.outsider.headers });
    expect(outsider.statusCode).toBe(404);
    const all = await t.app.inject({ method: 'GET', url: '/api/v1/events?brand_id=all', headers: team.members.owner.headers });
    expect(all.statusCode).toBe(403);
  });

  it('streams mail.received and counts.changed {kind: mail} when mail reaches the brand inbox', async () => {
    const stream = await openStream(url, team.brand.id, team.members.viewer.headers);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const info = await sendMail(smtp.port!, 'support@events.test', 'Live inbox');
    const emailId = /accepted ([0-9a-f-]{36})/.exec(info.response)![1];
    const received = await stream.waitFor((e) => e.event === 'mail.received');
    const counts = await stream.waitFor((e) => e.event === 'counts.changed');
    await stream.close();
    expect(JSON.parse(received!.data)).toEqual({ folder: 'inbox', email_id: emailId });
    expect(JSON.parse(counts!.data)).toEqual({ kind: 'mail' });
  });

  it("does not deliver another brand's events", async () => {
    const stream = await openStream(url, team.brand.id, team.members.viewer.headers);
    await t.ctx.events.publish({ type: 'counts.changed', brandId: team.other.id, data: { kind: 'tickets' } });
    await t.ctx.events.publish({ type: 'counts.changed', brandId: team.brand.id, data: { kind: 'devices' } });
    const ours = await stream.waitFor((e) => e.event === 'counts.changed');
    await stream.close();
    expect(JSON.parse(ours!.data)).toEqual({ kind: 'devices' });
    expect(stream.events.map((e) => JSON.parse(e.data).kind)).not.toContain('tickets');
  });

  it('streams every brand, tagged with brand_id, to a super admin with brand_id=all', async () => {
    const admin = await buildUser(t.ctx, { superAdmin: true });
    const { headers } = await loginAs(t.app, admin.email);
    const stream = await openStream(url, 'all', headers);
    await t.ctx.events.publish({ type: 'job.updated', brandId: team.other.id, data: { job_id: 'j1', status: 'running' } });
    const event = await stream.waitFor((e) => e.event === 'job.updated');
    await stream.close();
    expect(JSON.parse(event!.data)).toEqual({ job_id: 'j1', status: 'running', brand_id: team.other.id });
  });
});

const crossInstance = testDatabaseUrl() !== undefined;

describe(crossInstance ? 'two server instances on one PostgreSQL database' : 'one server instance on PGlite', () => {
  let second: { app: App; ctx: AppContext; db: DbClient } | undefined;

  afterAll(async () => {
    await second?.app.close();
    await second?.db.close();
  });

  it(
    crossInstance
      ? 'an email accepted by one instance appears on the events stream of the other (LISTEN/NOTIFY)'
      : 'an email accepted by the listener appears on the same instance events stream (NOTIFY through PGlite)',
    async () => {
      let streamUrl = url;
      if (crossInstance) {
        const db = await openDb({ databaseUrl: t.databaseUrl });
        const { app, ctx } = await buildApp({ config: testConfig(), db, secretKey: TEST_SECRET_KEY });
        second = { app, ctx, db };
        streamUrl = await app.listen({ port: 0, host: '127.0.0.1' });
      }
      const stream = await openStream(streamUrl, team.brand.id, team.members.viewer.headers);
      const info = await sendMail(smtp.port!, 'sales@events.test', 'Across instances');
      const emailId = /accepted ([0-9a-f-]{36})/.exec(info.response)![1];
      const received = await stream.waitFor((e) => e.event === 'mail.received' && JSON.parse(e.data).email_id === emailId);
      await stream.close();
      expect(received).toBeDefined();
      expect(JSON.parse(received!.data)).toEqual({ folder: 'inbox', email_id: emailId });
    },
  );
});

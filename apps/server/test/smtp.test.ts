import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import dnsPacket from 'dns-packet';
import nodemailer from 'nodemailer';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { domains, mailRoutes } from '../src/db/schema/index';
import { createSmtpServer, type SmtpListener } from '../src/mail/inbound';
import { buildBrand, buildUser, createTestApp, loginAs, type TestApp } from './helpers/app';

/**
 * A DNS server on loopback for the SPF/DKIM/DMARC checks: `sender.example` publishes SPF for
 * 127.0.0.1, a DKIM key and a DMARC policy; every other name does not exist.
 */
async function startFakeDns(records: Record<string, string>): Promise<{ server: UdpSocket; address: string }> {
  const server = createSocket('udp4');
  server.on('message', (msg, rinfo) => {
    const query = dnsPacket.decode(msg);
    const question = query.questions?.[0];
    const txt = question && question.type === 'TXT' ? records[question.name.toLowerCase()] : undefined;
    const response = dnsPacket.encode({
      id: query.id,
      type: 'response',
      flags: dnsPacket.AUTHORITATIVE_ANSWER | (txt ? 0 : 3), // rcode 3: NXDOMAIN
      questions: query.questions,
      answers: txt && question ? [{ type: 'TXT', name: question.name, ttl: 60, data: chunk(txt) }] : [],
    });
    server.send(response, rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => server.bind(0, '127.0.0.1', resolve));
  return { server, address: `127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const chunk = (s: string) => s.match(/.{1,255}/g) ?? [''];

const dkimKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const dkimPrivate = dkimKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const dkimPublic = dkimKeys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

let t: TestApp;
let smtp: SmtpListener;
let dns: UdpSocket;
let httpUrl: string;
let brand: Awaited<ReturnType<typeof buildBrand>>;
let other: Awaited<ReturnType<typeof buildBrand>>;
let headers: { authorization: string };
let otherHeaders: { authorization: string };

beforeAll(async () => {
  const fake = await startFakeDns({
    'sender.example': 'v=spf1 ip4:127.0.0.1 -all',
    'sel._domainkey.sender.example': `v=DKIM1; k=rsa; p=${dkimPublic}`,
    '_dmarc.sender.example': 'v=DMARC1; p=reject',
  });
  dns = fake.server;
  t = await createTestApp({
    config: { DNS_SERVERS: fake.address, DNS_TIMEOUT_MS: '1000', SMTP_MAX_SIZE: String(600 * 1024), SMTP_MAX_RECIPIENTS: '3', SMTP_MAX_CONNECTIONS: '2', MAIL_MAX_ATTACHMENT_SIZE: '1000' },
  });
  smtp = createSmtpServer(t.ctx);
  await smtp.listen(0, '127.0.0.1');
  httpUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  brand = await buildBrand(t.ctx, 'Mail Brand');
  other = await buildBrand(t.ctx, 'Other Mail Brand');
  const user = await buildUser(t.ctx, { memberships: [[brand.id, 'editor']] });
  headers = (await loginAs(t.app, user.email)).headers;
  const otherUser = await buildUser(t.ctx, { memberships: [[other.id, 'editor']] });
  otherHeaders = (await loginAs(t.app, otherUser.email)).headers;
  await t.ctx.db.insert(mailRoutes).values([
    { brandId: brand.id, domain: 'support.mailbrand.test', kind: 'mailbox' },
    { brandId: other.id, domain: 'other.test', kind: 'mailbox' },
    { brandId: other.id, domain: 'other.test', kind: 'chat' },
  ]);
});

afterAll(async () => {
  await smtp?.close();
  await t?.close();
  dns?.close();
});

function transport() {
  return nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port!, secure: false, ignoreTLS: true, connectionTimeout: 5000 });
}

async function createConversation(h = headers, brandId = brand.id): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `/api/v1/conversations?brand_id=${brandId}`, headers: h, payload: { title: 'Mail test' } });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

async function messagesOf(conversationId: string, h = headers, brandId = brand.id) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/conversations/${conversationId}?brand_id=${brandId}`, headers: h });
  expect(res.statusCode).toBe(200);
  return res.json().messages as Array<{ role: string; content: string; source: string; metadata: Record<string, unknown> }>;
}

/** Sends raw lines over a plain socket and returns the server's answer to each. */
async function rawSession(lines: string[]): Promise<string[]> {
  const socket = connect(smtp.port!, '127.0.0.1');
  const replies: string[] = [];
  let buffer = '';
  const next = () =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const m = /(^|\n)(\d{3}) [^\n]*\r?\n/.exec(buffer);
        if (m) {
          const end = m.index + m[0].length;
          const reply = buffer.slice(0, end);
          buffer = buffer.slice(end);
          socket.off('data', onData);
          resolve(reply);
        }
      };
      const onData = (d: Buffer) => {
        buffer += d.toString();
        check();
      };
      socket.on('data', onData);
      socket.once('error', reject);
      check();
    });
  replies.push(await next());
  for (const line of lines) {
    socket.write(line);
    replies.push(await next());
  }
  socket.destroy();
  return replies;
}

describe('SMTP listener: mail to a conversation address', () => {
  it('appends the mail to the conversation as an email user message, HTML converted and quoted history trimmed', async () => {
    const conversationId = await createConversation();
    const info = await transport().sendMail({
      from: 'Jane Customer <jane@sender.example>',
      to: `${conversationId}@chat.console.localhost`,
      subject: 'Robot arm stuck',
      html: '<p>Hello team,</p><p>The <b>arm</b> is stuck again.</p><p>On Mon, 2 Nov 2026 at 10:00, Support &lt;help@acme.test&gt; wrote:</p><blockquote>Have you tried restarting?</blockquote>',
      dkim: { domainName: 'sender.example', keySelector: 'sel', privateKey: dkimPrivate },
      envelope: { from: 'jane@sender.example', to: `${conversationId}@chat.console.localhost` },
    });
    expect(info.accepted).toEqual([`${conversationId}@chat.console.localhost`]);
    expect(info.response).toMatch(/^250 2\.0\.0 OK: accepted [0-9a-f-]{36}$/);

    const messages = await messagesOf(conversationId);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ role: 'user', source: 'email', content: 'Hello team,\n\nThe arm is stuck again.' });
    expect(messages[0].metadata).toMatchObject({
      from_email: 'jane@sender.example',
      from_name: 'Jane Customer',
      subject: 'Robot arm stuck',
      auth: { spf: 'pass', dkim: 'pass', dmarc: 'pass' },
    });
  });

  it('records failing SPF when the sending address is not allowed by the domain', async () => {
    const conversationId = await createConversation();
    await transport().sendMail({
      from: 'nobody@unknown-sender.example',
      to: `${conversationId}@chat.console.localhost`,
      subject: 'Hi',
      text: 'Plain text body',
    });
    const [message] = await messagesOf(conversationId);
    expect(message.content).toBe('Plain text body');
    expect(message.metadata.auth).toMatchObject({ spf: 'none', dkim: 'none', dmarc: 'none' });
  });

  it('pushes message.created on the brand events stream while the mail is accepted', async () => {
    const conversationId = await createConversation();
    const controller = new AbortController();
    const res = await fetch(`${httpUrl}/api/v1/events?brand_id=${brand.id}`, { headers, signal: controller.signal });
    expect(res.status).toBe(200);
    const events: EventSourceMessage[] = [];
    const parser = createParser({ onEvent: (e) => events.push(e) });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    })();
    const sent = Date.now();
    await transport().sendMail({ from: 'live@sender.example', to: `${conversationId}@chat.console.localhost`, subject: 'Live', text: 'Shows up live' });
    while (!events.some((e) => e.event === 'message.created') && Date.now() - sent < 3000) await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    await reading;
    const created = events.find((e) => e.event === 'message.created');
    expect(created).toBeDefined();
    const data = JSON.parse(created!.data);
    expect(data.conversation_id).toBe(conversationId);
    expect(data.message).toMatchObject({ role: 'user', source: 'email', content: 'Shows up live', metadata: { from_email: 'live@sender.example' } });
    expect(Date.now() - sent).toBeLessThan(1000);
  });

  it('accepts a conversation address at the brand chat domain only for that brand', async () => {
    const ours = await createConversation();
    const theirs = await createConversation(otherHeaders, other.id);
    await transport().sendMail({ from: 'a@sender.example', to: `${theirs}@chat.other.test`, subject: 'x', text: 'At the brand domain' });
    expect((await messagesOf(theirs, otherHeaders, other.id))[0].content).toBe('At the brand domain');
    // Our conversation id at the other brand's chat domain is unknown there.
    await expect(transport().sendMail({ from: 'a@sender.example', to: `${ours}@chat.other.test`, subject: 'x', text: 'y' })).rejects.toMatchObject({
      responseCode: 550,
    });
    expect(await messagesOf(ours)).toEqual([]);
  });
});

describe('SMTP listener: retried deliveries', () => {
  it('does not append a retried delivery with the same Message-ID to the conversation twice', async () => {
    const conversationId = await createConversation();
    const mail = { from: 'again@sender.example', to: `${conversationId}@chat.console.localhost`, subject: 'Again', text: 'Only once', messageId: '<again-1@sender.example>' };
    const first = await transport().sendMail(mail);
    const second = await transport().sendMail(mail);
    expect(second.response).toBe(first.response);
    expect((await messagesOf(conversationId)).map((m) => m.content)).toEqual(['Only once']);
  });
});

describe('SMTP listener: refusals', () => {
  it('should refuse an unknown recipient at RCPT TO with 550', async () => {
    for (const to of ['00000000-0000-4000-8000-000000000000@chat.console.localhost', 'someone@nowhere.test', 'not-a-uuid@chat.console.localhost']) {
      const err = await transport()
        .sendMail({ from: 'a@sender.example', to, subject: 'x', text: 'y' })
        .catch((e: { responseCode?: number; response?: string; command?: string }) => e);
      expect(err).toMatchObject({ responseCode: 550, command: 'RCPT TO' });
      expect((err as { response: string }).response).toContain('Recipient address rejected: unknown recipient');
    }
  });

  it('should refuse a message over SMTP_MAX_SIZE with 552 and store nothing', async () => {
    const conversationId = await createConversation();
    const err = await transport()
      .sendMail({ from: 'a@sender.example', to: `${conversationId}@chat.console.localhost`, subject: 'Big', text: 'x'.repeat(700 * 1024) })
      .catch((e: { responseCode?: number }) => e);
    expect(err).toMatchObject({ responseCode: 552 });
    expect(await messagesOf(conversationId)).toEqual([]);
  });

  it('should refuse a recipient over the per-message cap with 452 and deliver to the others', async () => {
    const ids = [await createConversation(), await createConversation(), await createConversation(), await createConversation()];
    const info = await transport().sendMail({ from: 'a@sender.example', to: ids.map((id) => `${id}@chat.console.localhost`), subject: 'Many', text: 'To many' });
    expect(info.accepted).toHaveLength(3);
    expect(info.rejected).toEqual([`${ids[3]}@chat.console.localhost`]);
    expect(info.rejectedErrors?.[0]).toMatchObject({ responseCode: 452 });
    expect((await messagesOf(ids[0]))[0].content).toBe('To many');
    expect(await messagesOf(ids[3])).toEqual([]);
  });

  it('should answer 421 to a connection over the cap', async () => {
    const open: Socket[] = [];
    const greetings: string[] = [];
    for (let i = 0; i < 3; i++) {
      const socket = connect(smtp.port!, '127.0.0.1');
      open.push(socket);
      greetings.push(await new Promise<string>((resolve) => socket.once('data', (d) => resolve(d.toString()))));
    }
    open.forEach((s) => s.destroy());
    expect(greetings[0]).toMatch(/^220 /);
    expect(greetings[1]).toMatch(/^220 /);
    expect(greetings[2]).toMatch(/^421 .*Too many connected clients/);
    await new Promise((r) => setTimeout(r, 100));
  });

  it('offers STARTTLS with a configured certificate and delivers over TLS', async () => {
    // smtp-server's bundled self-signed localhost certificate, as PEM text (SMTP_TLS_KEY/CERT take a path or PEM).
    const source = readFileSync(createRequire(import.meta.url).resolve('smtp-server').replace(/cjs[\\/]smtp-server\.js$/, 'esm/tls-options.js'), 'utf8');
    const pem = (label: string) => {
      const m = new RegExp(`'(-----BEGIN ${label}-----[\\s\\S]*?-----END ${label}-----)'`).exec(source.replace(/'\s*\+\s*'/g, ''));
      return m![1].replace(/\\n/g, '\n');
    };
    const tls = createSmtpServer({ ...t.ctx, config: { ...t.ctx.config, SMTP_TLS_KEY: pem('RSA PRIVATE KEY'), SMTP_TLS_CERT: pem('CERTIFICATE') } });
    const port = await tls.listen(0, '127.0.0.1');
    try {
      const conversationId = await createConversation();
      const info = await nodemailer
        .createTransport({ host: '127.0.0.1', port, secure: false, requireTLS: true, tls: { rejectUnauthorized: false } })
        .sendMail({ from: 'tls@sender.example', to: `${conversationId}@chat.console.localhost`, subject: 'TLS', text: 'Over TLS' });
      expect(info.response).toMatch(/^250 /);
      expect((await messagesOf(conversationId))[0].content).toBe('Over TLS');
    } finally {
      await tls.close();
    }
  });

  it('offers neither STARTTLS without a certificate nor AUTH', async () => {
    const [, ehlo] = await rawSession(['EHLO client.test\r\n']);
    expect(ehlo).toMatch(/^250-/);
    expect(ehlo).toContain('SIZE 614400');
    expect(ehlo).not.toContain('STARTTLS');
    expect(ehlo).not.toContain('AUTH');
  });
});

describe('SMTP listener: hostile and broken messages', () => {
  async function sendRaw(to: string, raw: string) {
    return transport()
      .sendMail({ envelope: { from: 'a@sender.example', to }, raw })
      .then((info) => ({ ok: true as const, response: info.response }))
      .catch((e: { responseCode?: number; response?: string }) => ({ ok: false as const, code: e.responseCode, response: e.response }));
  }

  it('stores a message without From, Subject or MIME headers using the envelope sender', async () => {
    const conversationId = await createConversation();
    const result = await sendRaw(`${conversationId}@chat.console.localhost`, 'just a line of text\r\n');
    expect(result.ok).toBe(true);
    const [message] = await messagesOf(conversationId);
    expect(message).toMatchObject({ source: 'email', metadata: { from_email: 'a@sender.example', subject: '' } });
  });

  it('stores text in an unknown charset with replacement characters instead of failing', async () => {
    const conversationId = await createConversation();
    const raw = 'From: x@sender.example\r\nSubject: =?x-unknown?B?SGVsbG8=?=\r\nContent-Type: text/plain; charset=x-bogus\r\n\r\nCaf\xe9 ol\xe9\r\n';
    const result = await transport()
      .sendMail({ envelope: { from: 'x@sender.example', to: `${conversationId}@chat.console.localhost` }, raw: Buffer.from(raw, 'latin1') })
      .then(() => true);
    expect(result).toBe(true);
    const [message] = await messagesOf(conversationId);
    expect(message.content).toMatch(/^Caf. ol.$/);
  });

  it('decodes a declared ISO-8859-1 body to UTF-8', async () => {
    const conversationId = await createConversation();
    const raw = 'From: x@sender.example\r\nSubject: Latin\r\nContent-Type: text/plain; charset=iso-8859-1\r\n\r\nCaf\xe9 cr\xe8me\r\n';
    await transport().sendMail({ envelope: { from: 'x@sender.example', to: `${conversationId}@chat.console.localhost` }, raw: Buffer.from(raw, 'latin1') });
    expect((await messagesOf(conversationId))[0].content).toBe('Café crème');
  });

  it('should refuse a huge header block with 552 and keep serving', async () => {
    const conversationId = await createConversation();
    const raw = 'From: x@sender.example\r\n' + `X-Pad: ${'a'.repeat(900)}\r\n`.repeat(300) + 'Subject: big\r\n\r\nbody\r\n';
    const result = await sendRaw(`${conversationId}@chat.console.localhost`, raw);
    expect(result).toMatchObject({ ok: false, code: 552 });
    expect(result.response).toContain('Message header exceeds 256 KB');
    expect(await messagesOf(conversationId)).toEqual([]);
  });

  it('should refuse a flood of MIME parts (an attachment bomb) with 554', async () => {
    const conversationId = await createConversation();
    let raw = 'From: x@sender.example\r\nSubject: bomb\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n';
    for (let i = 0; i < 2000; i++) raw += `--b\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename="f${i}"\r\n\r\nQUFB\r\n`;
    raw += '--b--\r\n';
    const result = await sendRaw(`${conversationId}@chat.console.localhost`, raw);
    expect(result).toMatchObject({ ok: false, code: 554 });
    expect(result.response).toContain('too many MIME parts');
  });

  it('should refuse deeply nested multiparts with 554 without crashing', async () => {
    const conversationId = await createConversation();
    let open = '';
    let close = '';
    for (let i = 0; i < 1500; i++) {
      open += `Content-Type: multipart/mixed; boundary="n${i}"\r\n\r\n--n${i}\r\n`;
      close = `\r\n--n${i}--` + close;
    }
    const raw = `From: x@sender.example\r\nSubject: nest\r\n${open}Content-Type: text/plain\r\n\r\nhi${close}\r\n`;
    const result = await sendRaw(`${conversationId}@chat.console.localhost`, raw);
    expect(result).toMatchObject({ ok: false, code: 554 });
  });

  it('stores mail whose decoded headers carry NUL characters, without them', async () => {
    const conversationId = await createConversation();
    const b64 = (v: string) => Buffer.from(v).toString('base64');
    const raw = `From: =?utf-8?B?${b64('Eve\u0000 Null')}?= <eve@sender.example>\r\nTo: =?utf-8?B?${b64('x\u0000')}?= <ops@support.mailbrand.test>\r\nSubject: =?utf-8?B?${b64('Hi\u0000there')}?=\r\n\r\nBody\r\n`;
    const result = await sendRaw([`${conversationId}@chat.console.localhost`, 'ops@support.mailbrand.test'].join(','), raw);
    expect(result.ok).toBe(true);
    const [message] = await messagesOf(conversationId);
    expect(message.metadata).toMatchObject({ from_name: 'Eve Null', subject: 'Hithere' });
    const inbox = await t.app.inject({ method: 'GET', url: '/api/mail/inbox?folder=inbox', headers: { 'x-api-key': brand.apiKey, 'x-brand-id': brand.id } });
    expect(inbox.json().emails.some((e: { subject: string; fromName: string }) => e.subject === 'Hithere' && e.fromName === 'Eve Null')).toBe(true);
  });

  it('keeps serving after garbage and broken MIME', async () => {
    const conversationId = await createConversation();
    const garbage = '\u0000\u0001\u0002 not mail at all\r\nContent-Type: multipart/mixed; boundary=\r\n\r\n--\r\n--\r\n';
    const broken = 'From: x@sender.example\r\nContent-Type: multipart/alternative; boundary="never-closed"\r\n\r\n--never-closed\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n\r\n@@@not base64@@@\r\n';
    for (const raw of [garbage, broken]) {
      const result = await sendRaw(`${conversationId}@chat.console.localhost`, raw);
      expect(result.ok || (result.code! >= 500 && result.code! < 600)).toBe(true);
    }
    await transport().sendMail({ from: 'x@sender.example', to: `${conversationId}@chat.console.localhost`, subject: 'after', text: 'Still here' });
    const messages = await messagesOf(conversationId);
    expect(messages.at(-1)!.content).toBe('Still here');
    expect(messages.every((m) => !m.content.includes('\u0000'))).toBe(true);
  });
});

describe('SMTP listener: brand mailbox', () => {
  it('files mail to a brand domain address in that brand inbox only, with its attachments', async () => {
    await transport().sendMail({
      from: 'Buyer <buyer@sender.example>',
      to: 'sales@support.mailbrand.test',
      subject: 'Quote request',
      text: 'Please send a quote.',
      messageId: '<quote-1@sender.example>',
      attachments: [
        { filename: 'specs.txt', content: 'small spec' },
        { filename: 'huge.bin', content: Buffer.alloc(5000, 1) },
      ],
    });
    const mine = await t.app.inject({ method: 'GET', url: '/api/mail/inbox?folder=inbox', headers: { 'x-api-key': brand.apiKey, 'x-brand-id': brand.id } });
    expect(mine.statusCode).toBe(200);
    const email = mine.json().emails.find((e: { subject: string }) => e.subject === 'Quote request');
    expect(email).toMatchObject({ from: 'buyer@sender.example', fromName: 'Buyer', preview: 'Please send a quote.', read: false, hasAttachments: true, folder: 'inbox' });

    const theirs = await t.app.inject({ method: 'GET', url: '/api/mail/inbox?folder=inbox', headers: { 'x-api-key': other.apiKey, 'x-brand-id': other.id } });
    expect(theirs.json().emails.map((e: { subject: string }) => e.subject)).not.toContain('Quote request');

    // Attachments over MAIL_MAX_ATTACHMENT_SIZE are not kept.
    const opened = await t.app.inject({ method: 'GET', url: `/api/v1/mail/emails/${email.id}?brand_id=${brand.id}`, headers });
    expect(opened.json().attachments).toEqual([{ id: expect.any(String), filename: 'specs.txt', contentType: 'text/plain', size: 10 }]);
    expect(opened.json().to).toEqual(['sales@support.mailbrand.test']);
  });

  it('does not store a retried delivery with the same Message-ID twice', async () => {
    const mail = { from: 'retry@sender.example', to: 'info@support.mailbrand.test', subject: 'Retry me', text: 'once', messageId: '<retry-1@sender.example>' };
    await transport().sendMail(mail);
    await transport().sendMail(mail);
    const res = await t.app.inject({ method: 'GET', url: '/api/mail/inbox?folder=inbox', headers: { 'x-api-key': brand.apiKey, 'x-brand-id': brand.id } });
    expect(res.json().emails.filter((e: { subject: string }) => e.subject === 'Retry me')).toHaveLength(1);
  });

  it('delivers one mail to a conversation and a mailbox at once', async () => {
    const conversationId = await createConversation();
    const info = await transport().sendMail({ from: 'both@sender.example', to: [`${conversationId}@chat.console.localhost`, 'team@support.mailbrand.test'], subject: 'Both', text: 'Two places' });
    expect(info.accepted).toHaveLength(2);
    expect((await messagesOf(conversationId))[0].content).toBe('Two places');
    const res = await t.app.inject({ method: 'GET', url: '/api/mail/inbox?folder=inbox', headers: { 'x-api-key': brand.apiKey, 'x-brand-id': brand.id } });
    expect(res.json().emails.some((e: { subject: string }) => e.subject === 'Both')).toBe(true);
  });
});

describe('SMTP listener: brand domains (settings)', () => {
  it('routes mail by the brand domains table: verified + email configured to the inbox, verified + chat enabled to conversations', async () => {
    const now = new Date();
    await t.ctx.db.insert(domains).values([
      { brandId: brand.id, name: 'verified-mail.test', verifiedAt: now, emailConfiguredAt: now },
      { brandId: brand.id, name: 'verified-chat.test', verifiedAt: now, chatEmailEnabled: true },
      { brandId: brand.id, name: 'unverified.test', emailConfiguredAt: now, chatEmailEnabled: true },
    ]);
    const conversationId = await createConversation();

    await transport().sendMail({ from: 'd@sender.example', to: 'anyone@verified-mail.test', subject: 'Via domains table', text: 'inbox' });
    const inbox = await t.app.inject({ method: 'GET', url: '/api/mail/inbox?folder=inbox', headers: { 'x-api-key': brand.apiKey, 'x-brand-id': brand.id } });
    expect(inbox.json().emails.some((e: { subject: string }) => e.subject === 'Via domains table')).toBe(true);

    await transport().sendMail({ from: 'd@sender.example', to: `${conversationId}@chat.verified-chat.test`, subject: 'x', text: 'Via chat domain' });
    expect((await messagesOf(conversationId)).map((m) => m.content)).toEqual(['Via chat domain']);

    for (const to of ['anyone@unverified.test', `${conversationId}@chat.unverified.test`, 'anyone@verified-chat.test']) {
      await expect(transport().sendMail({ from: 'd@sender.example', to, subject: 'x', text: 'y' })).rejects.toMatchObject({ responseCode: 550 });
    }
  });
});

import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { MAX_MESSAGE_CHARS } from '@console/contract/chat';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { rowsOf } from '../db/client';
import { appendMessage } from '../modules/conversations/service';
import { storeEmail } from '../modules/mail/service';
import { checkMailAuth } from './authenticate';
import { trimQuotedHistory } from './quoted';
import { resolveRecipient, type MailRecipient } from './routing';

/** The header block of a message may not exceed this (bytes); more is refused with 552. */
export const MAX_HEADER_BYTES = 256 * 1024;
/** Most MIME boundary lines a message may carry (nested parts, attachment bombs); more: 554. */
export const MAX_MIME_BOUNDARIES = 500;
/** Attachments kept per mailbox mail; further ones are dropped. */
export const MAX_STORED_ATTACHMENTS = 20;
/** Parsing a message may take this long before the sender is told to retry later. */
export const PARSE_TIMEOUT_MS = 15_000;

/** An SMTP reply for a refused command or message. */
export class SmtpReply extends Error {
  constructor(
    readonly responseCode: number,
    message: string,
  ) {
    super(message);
  }
}

export interface SmtpListener {
  /** Listens on `port` (0: any free port) and resolves with the bound port. */
  listen(port: number, host?: string): Promise<number>;
  close(): Promise<void>;
  /** Whether the listener is accepting connections (the health probe). */
  up(): boolean;
  readonly port: number | undefined;
}

type Ctx = Pick<AppContext, 'db' | 'config' | 'clock' | 'events' | 'log'>;

function readPem(value: string): string {
  return value.includes('-----BEGIN') ? value : readFileSync(value, 'utf8');
}

/**
 * The inbound SMTP listener (CONTRACT §Mail, ARCHITECTURE §Chat flow 4): recipients checked at
 * RCPT TO, size and recipient caps, a connection cap, STARTTLS only with a configured certificate,
 * no AUTH. A mail is written to the database before it is answered with 250.
 */
export function createSmtpServer(ctx: Ctx): SmtpListener {
  const { config } = ctx;
  const tls = config.SMTP_TLS_KEY && config.SMTP_TLS_CERT ? { key: readPem(config.SMTP_TLS_KEY), cert: readPem(config.SMTP_TLS_CERT) } : undefined;
  let listening = false;
  let boundPort: number | undefined;

  const server = new SMTPServer({
    name: config.MAIL_DOMAIN,
    banner: 'Brand console ESMTP',
    size: config.SMTP_MAX_SIZE,
    maxClients: config.SMTP_MAX_CONNECTIONS,
    authOptional: true,
    disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    hideSTARTTLS: !tls,
    ...(tls ?? {}),
    disableReverseLookup: true,
    logger: false,
    socketTimeout: 60_000,
    closeTimeout: 5_000,
    onRcptTo(address, session, callback) {
      checkRecipient(ctx, address, session).then(
        () => callback(),
        (err: unknown) => callback(asSmtpError(ctx, err)),
      );
    },
    onData(stream, session, callback) {
      readMessage(stream, config.SMTP_MAX_SIZE)
        .then((raw) => {
          if (stream.sizeExceeded) throw new SmtpReply(552, `5.3.4 Message exceeds the maximum size of ${config.SMTP_MAX_SIZE} bytes`);
          return deliverMessage(ctx, raw, session);
        })
        .then(
          (ids) => callback(null, `2.0.0 OK: accepted ${ids.join(' ')}`),
          (err: unknown) => callback(asSmtpError(ctx, err)),
        );
    },
  });
  // Socket-level errors (a client resetting the connection) are logged, never thrown.
  server.on('error', (err) => ctx.log.warn({ err }, 'smtp connection error'));

  return {
    async listen(port, host) {
      await new Promise<void>((resolve, reject) => {
        const onError = (err: Error) => reject(err);
        server.server.once('error', onError);
        server.listen(port, host, () => {
          server.server.off('error', onError);
          resolve();
        });
      });
      listening = true;
      boundPort = (server.server.address() as AddressInfo).port;
      // Warms the MIME parser so the first real mail is not slowed by lazy loading.
      void simpleParser(Buffer.from('From: warm-up@localhost\r\nSubject: warm-up\r\n\r\nwarm-up\r\n')).catch(() => undefined);
      server.server.on('close', () => {
        listening = false;
      });
      return boundPort;
    },
    async close() {
      if (!listening) return;
      await new Promise<void>((resolve) => server.close(() => resolve()));
      listening = false;
    },
    up: () => listening,
    get port() {
      return boundPort;
    },
  };
}

function asSmtpError(ctx: Ctx, err: unknown): Error & { responseCode: number } {
  if (err instanceof SmtpReply) return err;
  ctx.log.error({ err }, 'smtp delivery failed');
  return new SmtpReply(451, '4.3.0 Temporary failure, please try again later');
}

/** RCPT TO: the recipient cap, then routing; an unknown recipient gets 550. */
async function checkRecipient(ctx: Ctx, address: SMTPServerAddress, session: SMTPServerSession) {
  if (session.envelope.rcptTo.length >= ctx.config.SMTP_MAX_RECIPIENTS) {
    throw new SmtpReply(452, `4.5.3 Too many recipients (at most ${ctx.config.SMTP_MAX_RECIPIENTS} per message)`);
  }
  const recipient = await resolveRecipient(ctx, address.address);
  if (!recipient) throw new SmtpReply(550, `5.1.1 <${address.address}>: Recipient address rejected: unknown recipient`);
}

/** Reads the DATA stream; past `maxBytes` it keeps draining but stops buffering. */
function readMessage(stream: SMTPServerDataStream, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    });
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** Refuses messages the parser should never see: a huge header block or a flood of MIME parts. */
export function precheckMessage(raw: Buffer) {
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  const ends = [crlf, lf].filter((i) => i >= 0);
  const headerEnd = ends.length ? Math.min(...ends) : raw.length;
  if (headerEnd > MAX_HEADER_BYTES) throw new SmtpReply(552, `5.3.4 Message header exceeds ${MAX_HEADER_BYTES / 1024} KB`);
  let boundaries = 0;
  let at = raw[0] === 0x2d && raw[1] === 0x2d ? 0 : raw.indexOf('\n--');
  while (at >= 0) {
    if (++boundaries > MAX_MIME_BOUNDARIES) throw new SmtpReply(554, `5.6.0 Message has too many MIME parts (at most ${MAX_MIME_BOUNDARIES})`);
    at = raw.indexOf('\n--', at + 3);
  }
}

async function parseMessage(raw: Buffer): Promise<ParsedMail> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SmtpReply(451, '4.3.0 Message took too long to parse, please try again later')), PARSE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      simpleParser(raw, { skipImageLinks: true, skipTextLinks: true, skipTextToHtml: true, maxHtmlLengthToParse: 2 * 1024 * 1024 }),
      timeout,
    ]);
  } catch (err) {
    if (err instanceof SmtpReply) throw err;
    throw new SmtpReply(554, `5.6.0 Message could not be parsed: ${err instanceof Error ? err.message : 'malformed MIME'}`);
  } finally {
    clearTimeout(timer);
  }
}

function firstAddress(value: AddressObject | AddressObject[] | undefined): { address?: string; name?: string } {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  for (const group of list) {
    for (const entry of group.value) {
      if (entry.address) return { address: entry.address, name: entry.name || undefined };
      for (const member of entry.group ?? []) if (member.address) return { address: member.address, name: member.name || undefined };
    }
  }
  return {};
}

function allAddresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((g) => g.value.flatMap((e) => (e.address ? [e.address] : (e.group ?? []).flatMap((m) => (m.address ? [m.address] : [])))));
}

/** Text safe to store: no NUL characters (PostgreSQL text cannot hold them), at most `max` characters. */
function clean(value: string, max = Infinity): string {
  const text = value.replace(/\u0000/g, '');
  return text.length > max ? text.slice(0, max) : text;
}

async function findEmailedMessage(ctx: Ctx, conversationId: string, messageId: string): Promise<string | undefined> {
  const result = await ctx.db.execute(
    sql`select id from messages where conversation_id = ${conversationId} and source = 'email' and metadata->>'message_id' = ${messageId} limit 1`,
  );
  return rowsOf<{ id: string }>(result)[0]?.id;
}

/** Parses, authenticates and stores one message for every accepted recipient; returns the stored ids. */
async function deliverMessage(ctx: Ctx, raw: Buffer, session: SMTPServerSession): Promise<string[]> {
  precheckMessage(raw);
  const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
  // SPF/DKIM/DMARC look-ups run while the message is parsed.
  const [parsed, auth] = await Promise.all([
    parseMessage(raw),
    checkMailAuth(
      ctx.config,
      raw,
      { ip: session.remoteAddress, helo: session.hostNameAppearsAs, sender: envelopeFrom || undefined, mta: ctx.config.MAIL_DOMAIN },
      ctx.config.DNS_TIMEOUT_MS,
    ),
  ]);
  const headerFrom = firstAddress(parsed.from);
  const fromEmail = clean(headerFrom.address || envelopeFrom || 'unknown', 320);
  const fromName = headerFrom.name ? clean(headerFrom.name, 200) : null;
  const subject = clean(parsed.subject ?? '', 998);
  const text = clean(parsed.text ?? '');
  const messageId = parsed.messageId ? clean(parsed.messageId, 998) : null;

  // Resolve again at DATA time (a conversation may have gone); one delivery per conversation/brand.
  const targets = new Map<string, MailRecipient>();
  for (const rcpt of session.envelope.rcptTo) {
    const r = await resolveRecipient(ctx, rcpt.address);
    if (!r) continue;
    const key = r.kind === 'conversation' ? `c:${r.conversationId}` : `m:${r.brandId}`;
    if (!targets.has(key)) targets.set(key, r);
  }
  if (targets.size === 0) throw new SmtpReply(550, '5.1.1 No valid recipients');

  const ids: string[] = [];
  for (const target of targets.values()) {
    if (target.kind === 'conversation') {
      // A retried delivery (the sender saw no 250 the first time) is not appended twice.
      const earlier = messageId ? await findEmailedMessage(ctx, target.conversationId, messageId) : undefined;
      if (earlier) {
        ids.push(earlier);
        continue;
      }
      const body = trimQuotedHistory(text) || subject || '(no text)';
      const message = await appendMessage(ctx, {
        brandId: target.brandId,
        conversationId: target.conversationId,
        role: 'user',
        content: body.slice(0, MAX_MESSAGE_CHARS),
        source: 'email',
        metadata: {
          from_email: fromEmail,
          ...(fromName ? { from_name: fromName } : {}),
          subject,
          to: target.address,
          ...(messageId ? { message_id: messageId } : {}),
          auth,
        },
      });
      ids.push(message.id);
    } else {
      const attachments = parsed.attachments
        .filter((a) => a.content && a.content.length <= ctx.config.MAIL_MAX_ATTACHMENT_SIZE)
        .slice(0, MAX_STORED_ATTACHMENTS)
        .map((a) => ({ filename: clean(a.filename ?? 'attachment', 255), contentType: a.contentType || 'application/octet-stream', content: a.content }));
      const to = allAddresses(parsed.to).map((a) => clean(a, 320));
      const { email } = await storeEmail(ctx, {
        brandId: target.brandId,
        folder: 'inbox',
        fromAddress: fromEmail,
        fromName,
        toAddresses: to.length ? to.slice(0, 100) : [target.address],
        subject,
        textBody: text.slice(0, 1_000_000),
        messageId,
        auth: { ...auth },
        receivedAt: ctx.clock.now(),
        attachments,
        hasAttachments: parsed.attachments.length > 0,
      });
      ids.push(email.id);
    }
  }
  return ids;
}

import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { domains, mailRoutes } from '../db/schema/index';
import { findConversationBrand } from '../modules/conversations/service';

type Ctx = Pick<AppContext, 'db' | 'config'>;

/** Where the SMTP listener delivers one recipient (CONTRACT §Mail). */
export type MailRecipient =
  | { kind: 'conversation'; address: string; brandId: string; conversationId: string }
  | { kind: 'mailbox'; address: string; brandId: string };

/**
 * Answers which brand owns a mail domain. A lookup is consulted for two questions:
 * - `chatBrand(host)`: the brand whose chat addresses live at `host` (`chat.<brand domain>`),
 * - `mailboxBrand(domain)`: the brand whose inbox receives any address at `domain`.
 * Lookups are tried in order; the first answer wins. Another module adds one with
 * `registerMailDomainLookup` (or simply keeps `mail_routes` rows in step).
 */
export interface MailDomainLookup {
  name: string;
  chatBrand(ctx: Ctx, host: string): Promise<string | undefined>;
  mailboxBrand(ctx: Ctx, domain: string): Promise<string | undefined>;
}

/** Explicit routes in `mail_routes` (kind `chat`: host `chat.<domain>`; kind `mailbox`: `<domain>`). */
export const mailRoutesLookup: MailDomainLookup = {
  name: 'mail_routes',
  async chatBrand(ctx, host) {
    if (!host.startsWith('chat.')) return undefined;
    const [row] = await ctx.db
      .select({ brandId: mailRoutes.brandId })
      .from(mailRoutes)
      .where(and(eq(mailRoutes.domain, host.slice('chat.'.length)), eq(mailRoutes.kind, 'chat')))
      .limit(1);
    return row?.brandId;
  },
  async mailboxBrand(ctx, domain) {
    const [row] = await ctx.db
      .select({ brandId: mailRoutes.brandId })
      .from(mailRoutes)
      .where(and(eq(mailRoutes.domain, domain), eq(mailRoutes.kind, 'mailbox')))
      .limit(1);
    return row?.brandId;
  },
};

/**
 * Brand domains (settings → domains): a verified domain with chat enabled takes mail at
 * `<chat subdomain>.<domain>`; a verified domain with email DNS configured takes any address.
 * Only verified names count: a name is verified for at most one brand (CONTRACT §Domains).
 */
export const brandDomainsLookup: MailDomainLookup = {
  name: 'domains',
  async chatBrand(ctx, host) {
    const [row] = await ctx.db
      .select({ brandId: domains.brandId })
      .from(domains)
      .where(
        and(
          isNotNull(domains.verifiedAt),
          eq(domains.chatEmailEnabled, true),
          sql`${domains.chatSubdomain} || '.' || ${domains.name} = ${host}`,
        ),
      )
      .limit(1);
    return row?.brandId;
  },
  async mailboxBrand(ctx, domain) {
    const [row] = await ctx.db
      .select({ brandId: domains.brandId })
      .from(domains)
      .where(and(eq(domains.name, domain), isNotNull(domains.verifiedAt), isNotNull(domains.emailConfiguredAt)))
      .limit(1);
    return row?.brandId;
  },
};

const lookups: MailDomainLookup[] = [mailRoutesLookup, brandDomainsLookup];

/** Adds a domain lookup (tried after the built-in ones); registering the same name again replaces it. */
export function registerMailDomainLookup(lookup: MailDomainLookup) {
  const i = lookups.findIndex((l) => l.name === lookup.name);
  if (i >= 0) lookups[i] = lookup;
  else lookups.push(lookup);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Splits and normalises an address: local part kept as sent, domain lower-cased without a trailing dot. */
export function splitAddress(address: string): { local: string; domain: string } | undefined {
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return undefined;
  return { local: address.slice(0, at), domain: address.slice(at + 1).toLowerCase().replace(/\.$/, '') };
}

/**
 * Decides where mail to `address` goes (CONTRACT §Mail), or undefined for an unknown recipient
 * (refused at RCPT TO with 550):
 * - `{conversation id}@chat.{MAIL_DOMAIN}`, or `@chat.{verified chat-enabled brand domain}` when
 *   the conversation belongs to that brand → the conversation;
 * - any address at a brand domain whose email is configured → that brand's inbox.
 */
export async function resolveRecipient(ctx: Ctx, address: string, using: MailDomainLookup[] = lookups): Promise<MailRecipient | undefined> {
  const parts = splitAddress(address.trim());
  if (!parts) return undefined;
  const { local, domain } = parts;
  const normalised = `${local}@${domain}`;

  if (UUID.test(local) && domain.startsWith('chat.')) {
    const conversationBrand = await findConversationBrand(ctx, local.toLowerCase());
    if (conversationBrand) {
      let allowed = domain === `chat.${ctx.config.MAIL_DOMAIN.toLowerCase()}`;
      for (const lookup of using) {
        if (allowed) break;
        allowed = (await lookup.chatBrand(ctx, domain)) === conversationBrand;
      }
      if (allowed) return { kind: 'conversation', address: normalised, brandId: conversationBrand, conversationId: local.toLowerCase() };
    }
  }

  for (const lookup of using) {
    const brandId = await lookup.mailboxBrand(ctx, domain);
    if (brandId) return { kind: 'mailbox', address: normalised, brandId };
  }
  return undefined;
}

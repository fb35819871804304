import type { AppContext } from '../context';
import { findChatEmailHost } from '../modules/domains/queries';

type Ctx = Pick<AppContext, 'config' | 'db'>;

/**
 * The domain of a brand's chat addresses (CONTRACT §Mail): `chat.` + the brand's primary
 * verified domain with chat enabled, else `chat.` + MAIL_DOMAIN.
 */
export async function chatEmailDomain(ctx: Ctx, brandId: string): Promise<string> {
  return (await findChatEmailHost(ctx, brandId)) ?? `chat.${ctx.config.MAIL_DOMAIN}`;
}

/** `{conversation id}@chat.{domain}`: mail to it is appended to the conversation. */
export async function chatAddress(ctx: Ctx, brandId: string, conversationId: string): Promise<string> {
  return `${conversationId}@${await chatEmailDomain(ctx, brandId)}`;
}

import type { AppContext } from '../../context';
import type { Caller } from './service';

/**
 * Resolved sessions, so most requests need no query to authenticate (ARCHITECTURE §Scaling).
 * Tagged by user and session: sign-out, role and membership changes drop them everywhere at once.
 */
const SESSION_CACHE = { ttlMs: 60_000, max: 20_000 };

export interface CachedCaller {
  caller: Caller;
  expiresAt: number;
  /** The membership role in the brand the entry was looked up for (null: not a member). */
  memberRole?: string | null;
}

export function sessionCache(ctx: Pick<AppContext, 'cache'>) {
  return ctx.cache.cache<CachedCaller>('sessions', SESSION_CACHE);
}

const userTag = (userId: string) => `user:${userId}`;
export const sessionTag = (sessionId: string) => `session:${sessionId}`;
export const callerTags = (entry: CachedCaller) => [userTag(entry.caller.userId), sessionTag(entry.caller.sessionId)];

/**
 * Drops what the caches hold about a user's access (sessions with their roles) on every instance.
 * Call after any committed change to the user, their memberships or their sessions.
 */
export async function dropCachedAccess(ctx: Pick<AppContext, 'cache'>, userId: string) {
  await sessionCache(ctx).drop(userTag(userId));
}

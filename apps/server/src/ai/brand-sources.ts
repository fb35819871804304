import type { AppContext } from '../context';
import { findBrandById } from '../modules/brands/queries';
import { searchKnowledge } from '../modules/knowledge/service';
import { countDevicesByState, countJobsByStatus } from '../modules/mesh/service';
import { getBrandLlmConnection } from '../modules/providers/service';
import { countOpenTickets } from '../modules/tickets/service';
import type { BrandFacts } from './builtin';
import type { LlmConnection } from './registry';

type Ctx = AppContext;

/** Articles the built-in assistant names, at most. */
const MAX_ARTICLES = 3;
/** Words searched one by one when the whole question matches nothing. */
const MAX_KEYWORDS = 6;

/** The brand's own LLM connection from the providers panel, if any. */
export async function findBrandConnection(ctx: Ctx, brandId: string): Promise<LlmConnection | undefined> {
  return getBrandLlmConnection(ctx, brandId);
}

/** A figure, or undefined when its module cannot answer: one failing source must not sink the reply. */
async function optional<T>(ctx: Ctx, what: string, load: () => Promise<T>): Promise<T | undefined> {
  try {
    return await load();
  } catch (err) {
    ctx.log.warn({ err, what }, 'built-in assistant could not load a figure');
    return undefined;
  }
}

/**
 * Published articles matching the question: the whole question first; when nothing matches every
 * word, the most distinctive words one at a time, so a loosely worded question still finds them.
 */
async function findArticles(ctx: Ctx, brandId: string, question: string): Promise<BrandFacts['articles']> {
  const found = await searchKnowledge(ctx, brandId, question, MAX_ARTICLES);
  if (found.length > 0) return found;
  const words = [...new Set((question.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? []))]
    .sort((a, b) => b.length - a.length)
    .slice(0, MAX_KEYWORDS);
  const byId = new Map<string, BrandFacts['articles'][number] & { hits: number }>();
  for (const word of words) {
    for (const article of await searchKnowledge(ctx, brandId, word, MAX_ARTICLES)) {
      const seen = byId.get(article.id);
      if (seen) seen.hits++;
      else byId.set(article.id, { ...article, hits: 1 });
    }
  }
  return [...byId.values()]
    .sort((a, b) => b.hits - a.hits)
    .slice(0, MAX_ARTICLES)
    .map(({ hits: _hits, ...article }) => article);
}

/** What the built-in assistant draws on: matching published articles and live figures. */
export async function gatherBrandFacts(ctx: Ctx, brandId: string, question: string): Promise<BrandFacts> {
  const brand = await findBrandById(ctx.db, brandId);
  const [articles, openTickets, devices, runningJobs] = await Promise.all([
    optional(ctx, 'articles', () => findArticles(ctx, brandId, question)),
    optional(ctx, 'open tickets', () => countOpenTickets(ctx, brandId)),
    optional(ctx, 'devices', () => countDevicesByState(ctx, brandId)),
    optional(ctx, 'running jobs', () => countJobsByStatus(ctx, brandId, 'running')),
  ]);
  return { brandName: brand?.name ?? 'your brand', articles: articles ?? [], openTickets, devices, runningJobs };
}

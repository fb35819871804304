/** What the built-in assistant knows about a brand when it answers (ai/facts.ts gathers it). */
export interface BrandFacts {
  brandName: string;
  articles: Array<{ id: string; title: string; excerpt: string; category: string; content: string }>;
  openTickets?: number;
  devices?: { online: number; offline: number; total: number };
  runningJobs?: number;
}

/** Delay between streamed chunks, so a reply reads like one being typed and can be stopped. */
export const BUILTIN_CHUNK_DELAY_MS = 12;

export const NO_MODEL_NOTICE =
  '_No AI model is connected, so this answer comes from the built-in assistant, which searches your knowledge base and live figures. ' +
  'To connect one, add an LLM provider (OpenAI, Anthropic or Ollama) in the Providers panel, or set `AI_MODEL` with `OPENAI_API_KEY`, ' +
  '`ANTHROPIC_API_KEY` or `OLLAMA_URL` on the server and restart it._';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function summarise(article: BrandFacts['articles'][number]): string {
  const base = (article.excerpt || article.content).replace(/\s+/g, ' ').trim();
  if (base.length <= 280) return base;
  const cut = base.slice(0, 280);
  const stop = cut.lastIndexOf('. ');
  return stop > 80 ? cut.slice(0, stop + 1) : `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

/**
 * The built-in assistant's answer (ARCHITECTURE §Chat flow): deterministic Markdown built from the
 * articles matching the question and the brand's live figures, naming the articles it used.
 */
export function composeBuiltinReply(question: string, facts: BrandFacts): string {
  const q = question.replace(/\s+/g, ' ').trim();
  const shown = q.length > 80 ? `${q.slice(0, 79)}…` : q;
  const parts: string[] = [];
  const lower = q.toLowerCase();

  if (facts.articles.length > 0) {
    parts.push(`Here is what the **${facts.brandName}** knowledge base says about “${shown}”:`);
    for (const a of facts.articles) parts.push(`### ${a.title}\n${summarise(a)}`);
    parts.push(`Sources: ${facts.articles.map((a) => `“${a.title}” (${a.category})`).join(', ')}.`);
  } else if (q) {
    parts.push(`I could not find an article in the **${facts.brandName}** knowledge base that matches “${shown}”.`);
  }

  const figures: string[] = [];
  if (facts.openTickets !== undefined) figures.push(`- Open tickets: **${facts.openTickets}**`);
  if (facts.devices) {
    figures.push(`- Devices: **${facts.devices.online} online**, ${facts.devices.offline} offline (${plural(facts.devices.total, 'device')} in all)`);
  }
  if (facts.runningJobs !== undefined) figures.push(`- Running deployment jobs: **${facts.runningJobs}**`);
  if (figures.length > 0) {
    const asked = /ticket|device|online|offline|job|deploy|status|how many|count/.test(lower);
    parts.push(`${asked ? 'The live figures you asked about' : 'Live figures'} for ${facts.brandName} right now:\n${figures.join('\n')}`);
  }

  parts.push(NO_MODEL_NOTICE);
  return parts.join('\n\n');
}

/** Splits a reply into word-sized pieces (whitespace kept), the way a model streams tokens. */
export function chunkText(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [];
}

/** Streams the reply piece by piece, stopping as soon as `signal` aborts. */
export async function* streamBuiltinReply(text: string, signal: AbortSignal, delayMs = BUILTIN_CHUNK_DELAY_MS): AsyncGenerator<string> {
  for (const piece of chunkText(text)) {
    if (signal.aborted) return;
    yield piece;
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
}

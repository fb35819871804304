// Time to first chunk and chunks per second of a streamed chat reply, through our server
// (POST /api/v1/core-ai/chat/stream into a saved conversation, as the chat screen sends it →
// OpenAI-compatible upstream) against the same fake upstream called directly.
// On embedded PGlite always; on PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set,
// or with --pg (postgres://postgres@127.0.0.1:5432/postgres).
// Run: `npm run bench chat-stream` (or `npx tsx bench/chat-stream/index.ts`).
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { createParser } from 'eventsource-parser';
import { buildApp } from '../../apps/server/src/app';
import { testConfig } from '../../apps/server/src/config';
import { openDb } from '../../apps/server/src/db/client';
import { migrate } from '../../apps/server/src/db/migrate';
import { hashPassword } from '../../apps/server/src/crypto/passwords';
import { users } from '../../apps/server/src/db/schema/index';
import { addMember, createBrand } from '../../apps/server/src/modules/brands/service';
import { startFakeOpenAI } from '../../apps/server/test/helpers/fake-openai';

const RUNS = 50;
const pgUrl =
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || (process.argv.includes('--pg') ? 'postgres://postgres@127.0.0.1:5432/postgres' : undefined);
const WARMUP = 3;
/** A model-like pace (latency) and a burst (our per-chunk cost). */
const SCENARIOS = [
  { name: 'paced', chunks: 100, delayMs: 2 },
  { name: 'burst', chunks: 2000, delayMs: 0 },
];

interface Sample {
  firstChunkMs: number;
  chunksPerSec: number;
  chunks: number;
}

/** Reads an SSE response, counting text chunks; `isChunk` picks the frames that carry text. */
async function measure(open: () => Promise<Response>, isChunk: (event: string | undefined, data: string) => boolean): Promise<Sample> {
  const started = performance.now();
  const res = await open();
  if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
  let first = 0;
  let chunks = 0;
  const parser = createParser({
    onEvent(e) {
      if (!isChunk(e.event, e.data)) return;
      if (chunks === 0) first = performance.now();
      chunks++;
    },
  });
  const decoder = new TextDecoder();
  for await (const bytes of res.body) parser.feed(decoder.decode(bytes as Uint8Array, { stream: true }));
  const ended = performance.now();
  return { firstChunkMs: first - started, chunksPerSec: chunks / ((ended - first) / 1000), chunks };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

async function series(label: string, chunks: number, run: () => Promise<Sample>) {
  for (let i = 0; i < WARMUP; i++) await run();
  const samples: Sample[] = [];
  for (let i = 0; i < RUNS; i++) samples.push(await run());
  if (samples.some((s) => s.chunks !== chunks)) throw new Error(`${label}: expected ${chunks} chunks`);
  const result = { ttfc: median(samples.map((s) => s.firstChunkMs)), rate: median(samples.map((s) => s.chunksPerSec)) };
  console.log(`  ${label.padEnd(20)} time to first chunk ${result.ttfc.toFixed(2).padStart(7)} ms   ${Math.round(result.rate).toString().padStart(8)} chunks/s`);
  return result;
}

/** Worker: the fake upstream, on its own event loop like a real remote service. */
async function runUpstream() {
  const fake = await startFakeOpenAI();
  parentPort!.on('message', (plan: { chunks: number; delayMs: number }) =>
    fake.plan({ chunks: Array.from({ length: plan.chunks }, (_, i) => `w${i} `), delayMs: plan.delayMs }),
  );
  parentPort!.postMessage({ url: fake.url });
}

/** Worker: our server (PGlite in memory, or a PostgreSQL database), with a signed-in owner of one brand. */
async function runServer(upstreamUrl: string, databaseUrl?: string) {
  const db = databaseUrl ? await openDb({ databaseUrl }) : await openDb({ dataDir: 'memory://' });
  await migrate(db);
  const config = testConfig({ AI_MODEL: 'openai:bench-model', OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: upstreamUrl });
  const { app, ctx } = await buildApp({ config, db, secretKey: 'bench-secret-key-0123456789abcdef0123456789' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const { brand } = await createBrand(ctx, { name: 'Bench' });
  const [user] = await ctx.db.insert(users).values({ name: 'Bench', email: 'bench@example.test', passwordHash: await hashPassword('bench-password') }).returning();
  await addMember(ctx, { brandId: brand.id, userId: user.id, role: 'owner' });
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.test', password: 'bench-password' }),
  });
  const { token } = (await login.json()) as { token: string };
  // The chat screen always streams into a conversation, which saves the reply: measure that path.
  const conversation = await fetch(`${base}/api/v1/conversations?brand_id=${brand.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ title: 'Bench' }),
  });
  if (conversation.status !== 201) throw new Error(`creating the conversation answered ${conversation.status}`);
  const { id: conversationId } = (await conversation.json()) as { id: string };
  parentPort!.postMessage({ base, token, brandId: brand.id, conversationId });
}

function start<T>(data: Record<string, unknown>): Promise<{ worker: Worker; ready: T }> {
  // A worker runs this same file; tsx's loader is registered in it first so it can load TypeScript.
  const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: data });
  return new Promise((resolve, reject) => {
    worker.once('message', (ready: T) => resolve({ worker, ready }));
    worker.once('error', reject);
  });
}

/** Runs every scenario against one server worker on the given database. */
async function benchOn(label: string, upstream: { worker: Worker; ready: { url: string } }, databaseUrl?: string) {
  const server = await start<{ base: string; token: string; brandId: string; conversationId: string }>({
    role: 'server',
    upstreamUrl: upstream.ready.url,
    databaseUrl,
  });
  const { base, token, brandId, conversationId } = server.ready;
  const messages = [{ role: 'user', content: 'Stream a long answer, please.' }];
  const direct = () =>
    measure(
      () =>
        fetch(`${upstream.ready.url}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' },
          body: JSON.stringify({ model: 'bench-model', stream: true, messages }),
        }),
      (_event, data) => data !== '[DONE]' && !!(JSON.parse(data) as { choices: Array<{ delta: { content?: string } }> }).choices[0]?.delta.content,
    );
  const ours = () =>
    measure(
      () =>
        fetch(`${base}/api/v1/core-ai/chat/stream`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ brand_id: brandId, conversation_id: conversationId, messages }),
        }),
      (event) => event === 'message',
    );

  console.log(`\n## Our server on ${label}`);
  for (const scenario of SCENARIOS) {
    upstream.worker.postMessage(scenario);
    console.log(`\n${scenario.name}: ${RUNS} runs of ${scenario.chunks} chunks${scenario.delayMs ? `, one every ${scenario.delayMs} ms` : ', sent as fast as possible'} (medians)`);
    const a = await series('upstream directly', scenario.chunks, direct);
    const b = await series('through our server', scenario.chunks, ours);
    console.log(`  first-chunk overhead ${(b.ttfc - a.ttfc).toFixed(2)} ms (target < 5 ms), ratio ${(b.ttfc / a.ttfc).toFixed(2)}x; chunks/s ratio ${(b.rate / a.rate).toFixed(2)}x`);
  }
  await server.worker.terminate();
}

async function main() {
  const upstream = await start<{ url: string }>({ role: 'upstream' });
  await benchOn('embedded PGlite', upstream);
  if (pgUrl) {
    const pg = (await import('pg')).default;
    const name = `console_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(pgUrl);
    url.pathname = '/' + name;
    try {
      await benchOn('PostgreSQL', upstream, url.toString());
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  } else {
    console.log('\nPostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL, or pass --pg.');
  }
  await upstream.worker.terminate();
}

const data = workerData as { role?: string; upstreamUrl?: string; databaseUrl?: string } | null;
const job = data?.role === 'upstream' ? runUpstream() : data?.role === 'server' ? runServer(data.upstreamUrl!, data.databaseUrl) : main();
job.catch((err) => {
  console.error(err);
  process.exit(1);
});

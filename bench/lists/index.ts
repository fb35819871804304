// bench/lists: the tickets list, the ticket count and the knowledge search on a brand with
// 100,000 tickets and 10,000 articles, through HTTP (app.inject: routing, auth, brand guard,
// validation, query, serialisation). PGlite always; PostgreSQL too when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set, or with --pg (postgres://postgres@127.0.0.1:5432/postgres).
//
//   npm run bench lists            npx tsx bench/lists/index.ts --pg --iterations 300
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { testConfig } from '../../apps/server/src/config';
import { openDb, type DbClient } from '../../apps/server/src/db/client';
import { migrate } from '../../apps/server/src/db/migrate';
import { knowledgeArticles, users } from '../../apps/server/src/db/schema/index';
import { hashPassword } from '../../apps/server/src/crypto/passwords';
import { addMember, createBrand } from '../../apps/server/src/modules/brands/service';

const TICKETS = 100_000;
const ARTICLES = 10_000;
/** Rows of a second brand, so every query must filter by brand. */
const OTHER_TICKETS = 20_000;
const OTHER_ARTICLES = 2_000;

const args = process.argv.slice(2);
const iterations = Number(args[args.indexOf('--iterations') + 1]) || 200;
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || (args.includes('--pg') ? 'postgres://postgres@127.0.0.1:5432/postgres' : undefined);

const WORDS = (
  'robot arm gripper calibration firmware update controller pendant safety reset battery charging ' +
  'camera vision conveyor sensor motor encoder network vpn printer paper tray toner login password ' +
  'account billing invoice export import webhook api key token session dashboard report schedule ' +
  'maintenance warranty shipping replacement install configure troubleshoot error timeout latency'
).split(' ');
const CATEGORIES = ['getting-started', 'troubleshooting', 'api-docs', 'tutorials'];
const STATUSES = ['published', 'published', 'draft', 'pending', 'archived'];
const QUERIES = ['gripper calibration', 'firmware', 'reset password', 'printer tray', 'webhook timeout', 'vpn', 'batt', 'api key'];

/** Filler vocabulary, so that real words are as rare in articles as in real documentation. */
function fillerWords(n: number, seed: number) {
  const r = rng(seed);
  const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'te', 'vo', 'zu', 'pa', 'di', 'go'];
  return Array.from({ length: n }, () => Array.from({ length: 2 + Math.floor(r() * 3) }, () => syllables[Math.floor(r() * syllables.length)]).join(''));
}
const FILLER = fillerWords(3000, 7);

function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

async function seedTickets(client: DbClient, brandId: string, n: number) {
  // Set-based insert: statuses and priorities cycle, creation spread over 90 days.
  await client.db.execute(sql`
    insert into tickets (brand_id, subject, status, priority, customer_email, created_at, updated_at)
    select ${brandId}::uuid,
           'Ticket ' || g,
           (array['open','pending','resolved','closed'])[1 + g % 4],
           (array['high','urgent','medium','low'])[1 + (g / 4) % 4],
           'customer' || (g % 5000) || '@example.test',
           now() - (g % 129600) * interval '1 minute',
           now() - (g % 129600) * interval '1 minute'
    from generate_series(1, ${n}) as g`);
}

async function seedArticles(client: DbClient, brandId: string, n: number, seed: number) {
  const r = rng(seed);
  // About one word in ten is a product word; the rest is filler.
  const word = () => (r() < 0.1 ? WORDS[Math.floor(r() * WORDS.length)] : FILLER[Math.floor(r() * FILLER.length)]);
  const words = (k: number) => Array.from({ length: k }, word).join(' ');
  for (let start = 0; start < n; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, n - start) }, (_, i) => ({
      brandId,
      title: `${words(4)} ${start + i}`,
      content: words(120),
      excerpt: words(15),
      status: STATUSES[Math.floor(r() * STATUSES.length)],
      category: CATEGORIES[Math.floor(r() * CATEGORIES.length)],
      tags: [words(1), words(1)],
    }));
    await client.db.insert(knowledgeArticles).values(rows);
  }
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function run(label: string, client: DbClient) {
  const t0 = performance.now();
  await migrate(client);
  const { app, ctx } = await buildApp({ config: testConfig(), db: client, secretKey: 'bench-secret-key-0123456789abcdef0123456789' });
  await app.ready();
  try {
    const { brand } = await createBrand(ctx, { name: 'Bench Brand' });
    const { brand: other } = await createBrand(ctx, { name: 'Other Brand' });
    const [user] = await ctx.db
      .insert(users)
      .values({ name: 'Bench', email: `bench-${randomBytes(4).toString('hex')}@example.test`, passwordHash: await hashPassword('bench-password') })
      .returning();
    await addMember(ctx, { brandId: brand.id, userId: user.id, role: 'viewer' });
    await seedTickets(client, brand.id, TICKETS);
    await seedTickets(client, other.id, OTHER_TICKETS);
    await seedArticles(client, brand.id, ARTICLES, 1);
    await seedArticles(client, other.id, OTHER_ARTICLES, 2);
    // The steady state autovacuum keeps: statistics and the visibility map (index-only scans).
    await ctx.db.execute(sql`vacuum analyze`);
    const seeded = performance.now();
    console.log(`[${label}] seeded ${TICKETS} + ${OTHER_TICKETS} tickets, ${ARTICLES} + ${OTHER_ARTICLES} articles in ${((seeded - t0) / 1000).toFixed(1)} s`);

    const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email, password: 'bench-password' } });
    const headers = { authorization: `Bearer ${login.json().token}` };

    const cases: Array<[string, (i: number) => string]> = [
      ['baseline: users/me (auth only)', () => '/api/v1/users/me'],
      ['tickets list (page 1, 50, open)', () => `/api/v1/tickets?brand_id=${brand.id}&page=1&limit=50&status=open`],
      ['tickets list (page 1..200, 50, all)', (i) => `/api/v1/tickets?brand_id=${brand.id}&page=${1 + (i % 200)}&limit=50`],
      ['tickets count', () => `/api/v1/tickets/count?brand_id=${brand.id}`],
      ['tickets badge (limit=1, open)', () => `/api/v1/tickets?brand_id=${brand.id}&limit=1&status=open`],
      ['knowledge search (q, ranked)', (i) => `/api/v1/support/knowledge?brand_id=${brand.id}&q=${encodeURIComponent(QUERIES[i % QUERIES.length])}`],
      ['knowledge list (category)', (i) => `/api/v1/support/knowledge?brand_id=${brand.id}&category=${CATEGORIES[i % 4]}`],
    ];
    const results: Array<{ name: string; median: number; p99: number }> = [];
    for (const [name, url] of cases) {
      for (let i = 0; i < 10; i++) await app.inject({ method: 'GET', url: url(i), headers });
      const times: number[] = [];
      for (let i = 0; i < iterations; i++) {
        const s = performance.now();
        const res = await app.inject({ method: 'GET', url: url(i), headers });
        times.push(performance.now() - s);
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      times.sort((a, b) => a - b);
      results.push({ name, median: percentile(times, 50), p99: percentile(times, 99) });
    }
    console.log(`[${label}] ${iterations} requests each, milliseconds:`);
    console.table(results.map((r) => ({ case: r.name, median: +r.median.toFixed(2), p99: +r.p99.toFixed(2) })));
    return results;
  } finally {
    await app.close();
  }
}

async function main() {
  const all: Record<string, Awaited<ReturnType<typeof run>>> = {};
  const lite = await openDb({ dataDir: 'memory://' });
  try {
    all.PGlite = await run('PGlite', lite);
  } finally {
    await lite.close();
  }
  if (pgUrl) {
    const pg = (await import('pg')).default;
    const name = `console_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(pgUrl);
    url.pathname = '/' + name;
    const client = await openDb({ databaseUrl: url.toString() });
    try {
      all.PostgreSQL = await run('PostgreSQL', client);
    } finally {
      await client.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
    console.log('PGlite / PostgreSQL median ratio:');
    console.table(all.PGlite.map((r, i) => ({ case: r.name, ratio: +(r.median / all.PostgreSQL[i].median).toFixed(2) })));
  } else {
    console.log('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL, or pass --pg.');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

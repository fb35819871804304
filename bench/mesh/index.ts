// bench/mesh: 50 simulated agents against the mesh agent API, through HTTP (app.inject: routing,
// device-token auth, validation, the FOR UPDATE SKIP LOCKED claim, serialisation, live events).
// Prints jobs claimed and completed per second, and the heartbeat cost: requests per second on
// one core (this process is one Node thread; the embedded database runs in it too) and CPU time
// per heartbeat, with how many devices one core can keep Online at the default 30 s interval.
// PGlite always; PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, or with --pg.
//
//   npm run bench mesh            npx tsx bench/mesh/index.ts --agents 50 --jobs 2000 --seconds 5
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { HEARTBEAT_INTERVAL_MS } from '../../packages/contract/src/mesh';
import { buildApp } from '../../apps/server/src/app';
import { testConfig } from '../../apps/server/src/config';
import { openDb, type DbClient } from '../../apps/server/src/db/client';
import { migrate } from '../../apps/server/src/db/migrate';
import { createJob } from '../../apps/server/src/modules/mesh/service';
import { createBrand } from '../../apps/server/src/modules/brands/service';
import type { App } from '../../apps/server/src/http/types';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => Number(args[args.indexOf(`--${name}`) + 1]) || fallback;
const AGENTS = arg('agents', 50);
const JOBS = arg('jobs', 1000);
const SECONDS = arg('seconds', 5);
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || (args.includes('--pg') ? 'postgres://postgres@127.0.0.1:5432/postgres' : undefined);

interface SimAgent {
  deviceId: string;
  headers: { authorization: string };
}

async function post(app: App, url: string, headers: Record<string, string>, payload: unknown) {
  const res = await app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

const inventory = {
  ip_address: '10.0.0.1',
  services: [
    { name: 'ollama', port: 11434 },
    { name: 'postgres', port: 5432 },
  ],
  containers: [
    { name: 'ollama', image: 'ollama/ollama:0.5.1', status: 'running' },
    { name: 'postgres', image: 'postgres:16.6-alpine', status: 'running' },
  ],
};

async function run(label: string, client: DbClient) {
  await migrate(client);
  const { app, ctx } = await buildApp({ config: testConfig(), db: client, secretKey: 'bench-secret-key-0123456789abcdef0123456789' });
  await app.ready();
  const { brand, apiKey } = await createBrand(ctx, { name: `Bench ${randomBytes(3).toString('hex')}` });

  const agents: SimAgent[] = [];
  for (let i = 0; i < AGENTS; i++) {
    const r = await post(app, '/api/v1/mesh/agent/register', { 'x-api-key': apiKey }, { brand_id: brand.id, name: `bench-${i}` });
    agents.push({ deviceId: r.device_id, headers: { authorization: `Bearer ${r.token}` } });
  }

  // Jobs spread over the devices; then every agent claims and completes until none is left.
  for (let i = 0; i < JOBS; i++) {
    await createJob(ctx, { brandId: brand.id, createdBy: null, deviceId: agents[i % AGENTS].deviceId, action: 'pull_model', payload: { model: 'llama3.2:1b' } });
  }
  let claimed = 0;
  let completed = 0;
  const t0 = performance.now();
  await Promise.all(
    agents.map(async (a) => {
      for (;;) {
        const { jobs } = await post(app, '/api/v1/mesh/agent/jobs/claim', a.headers, { limit: 1 });
        if (!jobs.length) return;
        claimed += jobs.length;
        for (const job of jobs as Array<{ id: string }>) {
          await post(app, `/api/v1/mesh/agent/jobs/${job.id}/complete`, a.headers, { result: { status: 'success' } });
          completed++;
        }
      }
    }),
  );
  const jobSeconds = (performance.now() - t0) / 1000;
  if (claimed !== JOBS || completed !== JOBS) throw new Error(`expected ${JOBS} jobs claimed and completed, got ${claimed}/${completed}`);

  // Heartbeats: all agents in a loop for SECONDS; CPU time of this one thread per heartbeat.
  let beats = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const cpu0 = process.cpuUsage();
  const h0 = performance.now();
  await Promise.all(
    agents.map(async (a) => {
      while (performance.now() < deadline) {
        await post(app, '/api/v1/mesh/agent/heartbeat', a.headers, inventory);
        beats++;
      }
    }),
  );
  const wall = (performance.now() - h0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuMsPerBeat = (cpu.user + cpu.system) / 1000 / beats;
  const perCoreRps = 1000 / cpuMsPerBeat;

  console.log(`\n${label}: ${AGENTS} simulated agents`);
  console.log(`  jobs:       ${JOBS} claimed and completed once each in ${jobSeconds.toFixed(2)} s`);
  console.log(`              ${(claimed / jobSeconds).toFixed(0)} jobs claimed/s, ${(completed / jobSeconds).toFixed(0)} jobs completed/s (2 requests per job)`);
  console.log(`  heartbeats: ${beats} in ${wall.toFixed(2)} s = ${(beats / wall).toFixed(0)} requests/s (one Node thread)`);
  console.log(`              ${cpuMsPerBeat.toFixed(2)} ms CPU per heartbeat ≈ ${perCoreRps.toFixed(0)} heartbeats/s per core`);
  console.log(`              at one heartbeat per ${HEARTBEAT_INTERVAL_MS / 1000} s: ≈ ${Math.floor((perCoreRps * HEARTBEAT_INTERVAL_MS) / 1000).toLocaleString('en-US')} devices per core`);
  await app.close();
  await client.close();
}

await run('PGlite (embedded)', await openDb({}));
if (pgUrl) {
  const pg = (await import('pg')).default;
  const name = `bench_mesh_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(pgUrl);
  u.pathname = `/${name}`;
  try {
    await run('PostgreSQL', await openDb({ databaseUrl: u.toString() }));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
process.exit(0);

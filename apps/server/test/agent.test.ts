import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app';
import { fakeClock } from '../src/clock';
import { testConfig } from '../src/config';
import { jobs } from '../src/db/schema/index';
import type { App } from '../src/http/types';
import { LEASE_EXPIRED_ERROR } from '../src/modules/mesh/service';
import { fakeDocker, fakeOllama, spawnAgent, waitFor, type AgentProcess } from '../../agent/test/harness';
import { buildBrand, buildUser, createTestApp, loginAs, TEST_SECRET_KEY, type TestApp } from './helpers/app';

// The real agent process (`npx tsx apps/agent/src/cli.ts`) against the server on a loopback port.
const clock = fakeClock(new Date('2026-11-01T12:00:00Z'));
let t: TestApp;
let server: App;
let url: string;
let brand: Awaited<ReturnType<typeof buildBrand>>;
let headers: { authorization: string };
const agents: AgentProcess[] = [];
const work = mkdtempSync(join(tmpdir(), 'agent-test-'));

beforeAll(async () => {
  t = await createTestApp({ clock });
  server = t.app;
  await server.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  brand = await buildBrand(t.ctx, 'Agent Brand');
  const owner = await buildUser(t.ctx, { memberships: [[brand.id, 'owner']] });
  headers = (await loginAs(server, owner.email)).headers;
});

afterAll(async () => {
  for (const a of agents) a.kill();
  if (server !== t?.app) await server?.close();
  await t?.close();
});

function startAgent(name: string, extra: string[] = [], env: Record<string, string> = {}) {
  const agent = spawnAgent(
    ['--server', url, '--api-key', brand.apiKey, '--brand', brand.id, '--name', name, '--heartbeat-ms', '300', '--poll-ms', '100', '--max-backoff-ms', '500', ...extra],
    env,
  );
  agents.push(agent);
  return agent;
}

const get = async (path: string) => {
  const res = await server.inject({ method: 'GET', url: path, headers });
  expect(res.statusCode).toBe(200);
  return res.json();
};

async function deviceNamed(name: string) {
  const { devices } = await get(`/api/v1/mesh/devices?brand_id=${brand.id}`);
  return (devices as Array<{ id: string; device_name: string; status: string; last_seen: string | null; ip_address: string | null }>).find((d) => d.device_name === name);
}

async function createJob(deviceId: string, action: string, payload: Record<string, unknown>) {
  const res = await server.inject({ method: 'POST', url: `/api/v1/mesh/jobs?brand_id=${brand.id}`, headers, payload: { device_id: deviceId, action, payload } });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

async function jobWhen(id: string, statuses: string[], timeoutMs = 20_000) {
  return waitFor(
    async () => {
      const job = await get(`/api/v1/mesh/jobs/${id}`);
      return statuses.includes(job.status) ? job : undefined;
    },
    `job ${id} to be ${statuses.join(' or ')}`,
    timeoutMs,
  );
}

describe('the agent in --dry-run', () => {
  it('registers, shows Online, claims a job, completes it, and reports the container it would have deployed', async () => {
    const record = join(work, 'dry.jsonl');
    const agent = startAgent('edge-dry', ['--dry-run', '--record', record]);
    const device = await waitFor(async () => (await deviceNamed('edge-dry'))?.status === 'online' && deviceNamed('edge-dry'), 'device online');
    expect(device).toMatchObject({ device_name: 'edge-dry', status: 'online', ip_address: expect.any(String) });

    const id = await createJob(device.id, 'deploy_container', { image: 'nginx:1.27', name: 'web', ports: ['8080:80'] });
    const job = await jobWhen(id, ['completed', 'failed']);
    expect(job.status).toBe('completed');
    expect(job.result).toEqual({
      dry_run: true,
      commands: ['docker pull nginx:1.27', 'docker rm -f web', 'docker run -d --name web --restart unless-stopped -p 8080:80 nginx:1.27'],
    });
    expect(job.started_at).not.toBeNull();
    const lines = readFileSync(record, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toEqual([expect.objectContaining({ job_id: id, action: 'deploy_container' })]);

    const containers = await waitFor(async () => {
      const body = await get(`/api/v1/mesh/devices/${device.id}/containers`);
      return body.containers.length ? body : undefined;
    }, 'containers reported');
    expect(containers).toEqual({ containers: [{ name: 'web', image: 'nginx:1.27', status: 'running' }] });
    expect(await get(`/api/v1/mesh/devices/${device.id}/services`)).toEqual({
      services: [
        { name: 'console-agent', port: null },
        { name: 'web', port: 8080 },
      ],
    });
    agent.kill();
  });
});

describe('the agent with the real executor (Docker CLI and Ollama API)', () => {
  it('deploys a container with the Docker CLI, pulls and lists models through Ollama, and reports failures with their error', async () => {
    const docker = fakeDocker();
    const ollama = await fakeOllama();
    try {
      const agent = startAgent('edge-real', ['--docker', docker.bin, '--ollama-url', ollama.url]);
      const device = await waitFor(async () => (await deviceNamed('edge-real'))?.status === 'online' && deviceNamed('edge-real'), 'device online');

      // Inventory from `docker ps` and the Ollama probe.
      await waitFor(async () => (await get(`/api/v1/mesh/devices/${device.id}/services`)).services.length > 0, 'services reported');
      expect(await get(`/api/v1/mesh/devices/${device.id}/containers`)).toEqual({ containers: [{ name: 'redis-cache', image: 'redis:7.4', status: 'exited' }] });
      expect((await get(`/api/v1/mesh/devices/${device.id}/services`)).services).toEqual([{ name: 'ollama', port: Number(new URL(ollama.url).port) }]);

      const deploy = await jobWhen(await createJob(device.id, 'deploy_container', { image: 'postgres:16.6-alpine', name: 'db', ports: ['5432:5432'], env: { POSTGRES_PASSWORD: 'secret' } }), ['completed', 'failed']);
      expect(deploy).toMatchObject({ status: 'completed', error: null, result: { name: 'db', image: 'postgres:16.6-alpine', container_id: '4f2c'.repeat(16) } });
      const calls = readFileSync(docker.log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as string[]).filter((c) => c[0] !== 'ps');
      expect(calls).toEqual([
        ['pull', 'postgres:16.6-alpine'],
        ['rm', '-f', 'db'],
        ['run', '-d', '--name', 'db', '--restart', 'unless-stopped', '-p', '5432:5432', '-e', 'POSTGRES_PASSWORD=secret', 'postgres:16.6-alpine'],
      ]);
      await waitFor(async () => (await get(`/api/v1/mesh/devices/${device.id}/containers`)).containers.some((c: { name: string; status: string }) => c.name === 'db' && c.status === 'running'), 'db container running');

      const started = await jobWhen(await createJob(device.id, 'start_service', { name: 'redis-cache' }), ['completed', 'failed']);
      expect(started).toMatchObject({ status: 'completed', result: { name: 'redis-cache', status: 'started' } });

      const pulled = await jobWhen(await createJob(device.id, 'pull_model', { model: 'llama3.2:1b' }), ['completed', 'failed']);
      expect(pulled).toMatchObject({ status: 'completed', result: { model: 'llama3.2:1b', status: 'success' } });
      expect(ollama.pulls).toEqual(['llama3.2:1b']);
      const listed = await jobWhen(await createJob(device.id, 'list_models', {}), ['completed', 'failed']);
      expect(listed.result).toEqual({ models: [{ name: 'llama3.2:1b', size: 1321098329, modified_at: '2026-10-30T09:00:00Z' }] });

      const failedPull = await jobWhen(await createJob(device.id, 'deploy_container', { image: 'acme/does-not-exist:1.0' }), ['completed', 'failed']);
      expect(failedPull.status).toBe('failed');
      expect(failedPull.error).toBe('docker pull failed: Error response from daemon: pull access denied for acme/does-not-exist:1.0, repository does not exist or may require docker login');
      const failedRestart = await jobWhen(await createJob(device.id, 'restart_service', { name: 'ghost' }), ['completed', 'failed']);
      expect(failedRestart).toMatchObject({ status: 'failed', error: 'docker restart failed: Error response from daemon: No such container: ghost', result: null });
      const failedModel = await jobWhen(await createJob(device.id, 'pull_model', { model: 'missing-model' }), ['completed', 'failed']);
      expect(failedModel).toMatchObject({ status: 'failed', error: 'Ollama /api/pull failed: pull model manifest: file does not exist' });
      agent.kill();
    } finally {
      await ollama.close();
    }
  });

  it('fails a job it cannot parse with a clear error and keeps working', async () => {
    const agent = startAgent('edge-parse', ['--dry-run']);
    const device = await waitFor(async () => (await deviceNamed('edge-parse'))?.status === 'online' && deviceNamed('edge-parse'), 'device online');
    // Written by an older server or by hand: not something the API accepts.
    const now = clock.now();
    const [bad] = await t.ctx.db.insert(jobs).values({ brandId: brand.id, deviceId: device.id, action: 'deploy_container', payload: { image: 42 }, createdAt: now, updatedAt: now }).returning();
    const [unknown] = await t.ctx.db
      .insert(jobs)
      .values({ brandId: brand.id, deviceId: device.id, action: 'format_disk', payload: {}, createdAt: new Date(now.getTime() + 1), updatedAt: now })
      .returning();
    expect(await jobWhen(bad.id, ['completed', 'failed'])).toMatchObject({ status: 'failed', error: 'Cannot run job: invalid payload.image for deploy_container: Invalid input: expected string, received number' });
    expect((await jobWhen(unknown.id, ['completed', 'failed'])).error).toBe(
      'Cannot run job: unknown action "format_disk" (expected one of deploy_container, pull_model, update_model, list_models, restart_service, start_service)',
    );
    const next = await jobWhen(await createJob(device.id, 'list_models', {}), ['completed', 'failed']);
    expect(next.status).toBe('completed');
    expect(agent.child.exitCode).toBeNull();
    agent.kill();
  });
});

describe('several agents', () => {
  it('runs each of 200 jobs exactly once with two agents claiming for the same device', async () => {
    const recA = join(work, 'a.jsonl');
    const recB = join(work, 'b.jsonl');
    const a = startAgent('edge-pair', ['--dry-run', '--record', recA, '--poll-ms', '20']);
    const b = startAgent('edge-pair', ['--dry-run', '--record', recB, '--poll-ms', '20']);
    const device = await waitFor(async () => (await deviceNamed('edge-pair'))?.status === 'online' && deviceNamed('edge-pair'), 'device online');
    await waitFor(async () => a.output().includes('registered') && b.output().includes('registered'), 'both agents registered');
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) ids.push(await createJob(device.id, 'pull_model', { model: `qwen2.5:${i % 7}b` }));
    await waitFor(
      async () => (await get(`/api/v1/mesh/jobs?brand_id=${brand.id}&device_id=${device.id}&status=completed&limit=1`)).pagination.total === 200,
      '200 jobs completed',
      90_000,
    );
    const ran = [recA, recB].flatMap((f) => (existsSync(f) ? readFileSync(f, 'utf8').trim().split('\n').filter(Boolean) : []).map((l) => JSON.parse(l).job_id as string));
    expect(ran).toHaveLength(200);
    expect(new Set(ran)).toEqual(new Set(ids));
    expect((await get(`/api/v1/mesh/jobs?brand_id=${brand.id}&device_id=${device.id}&status=failed&limit=1`)).pagination.total).toBe(0);
    a.kill();
    b.kill();
  }, 120_000);
});

describe('a stopped agent', () => {
  it('turns its device Offline after 5 minutes and fails its running job after the lease', async () => {
    const docker = fakeDocker();
    const agent = startAgent('edge-gone', ['--docker', docker.bin]);
    const device = await waitFor(async () => (await deviceNamed('edge-gone'))?.status === 'online' && deviceNamed('edge-gone'), 'device online');
    const id = await createJob(device.id, 'deploy_container', { image: 'acme/slow-image:1' });
    await jobWhen(id, ['running']);
    agent.kill();
    await agent.exited;
    const lastSeen = new Date((await deviceNamed('edge-gone'))!.last_seen!).getTime();

    clock.set(new Date(lastSeen + 60_000));
    expect((await get(`/api/v1/mesh/jobs/${id}`)).status).toBe('running');
    clock.set(new Date(lastSeen + 2 * 60_000 + 1000));
    expect(await get(`/api/v1/mesh/jobs/${id}`)).toMatchObject({ status: 'failed', error: LEASE_EXPIRED_ERROR });
    expect((await deviceNamed('edge-gone'))!.status).toBe('online');

    clock.set(new Date(lastSeen + 5 * 60_000 - 1000));
    expect((await deviceNamed('edge-gone'))!.status).toBe('online');
    clock.set(new Date(lastSeen + 5 * 60_000));
    expect((await deviceNamed('edge-gone'))!.status).toBe('offline');
    const offline = await get(`/api/v1/devices/count?brand_id=${brand.id}&status=offline`);
    expect(offline.count).toBeGreaterThanOrEqual(1);
  }, 60_000);
});

describe('resilience', () => {
  it('keeps retrying while the server is down and carries on after it restarts', async () => {
    const agent = startAgent('edge-restart', ['--dry-run']);
    const device = await waitFor(async () => (await deviceNamed('edge-restart'))?.status === 'online' && deviceNamed('edge-restart'), 'device online');
    const port = (server.server.address() as AddressInfo).port;
    await server.close();
    await new Promise((r) => setTimeout(r, 1500));
    expect(agent.child.exitCode).toBeNull();
    expect(agent.output()).toMatch(/failed \(.*\); retrying in/);

    const restarted = await buildApp({ config: testConfig(), db: t.ctx.dbClient, secretKey: TEST_SECRET_KEY, clock });
    server = restarted.app;
    await server.listen({ port, host: '127.0.0.1' });
    const id = await createJob(device.id, 'pull_model', { model: 'phi4:14b' });
    expect((await jobWhen(id, ['completed', 'failed'])).status).toBe('completed');
    agent.kill();
  }, 60_000);

  it('exits with a clear message when the API key does not belong to the brand', async () => {
    const other = await buildBrand(t.ctx);
    const agent = spawnAgent(['--server', url, '--api-key', other.apiKey, '--brand', brand.id, '--name', 'intruder']);
    agents.push(agent);
    expect(await agent.exited).toBe(1);
    expect(agent.output()).toContain('The server refused to register this device: Invalid API key for this brand. Check --api-key and --brand.');
    expect(await deviceNamed('intruder')).toBeUndefined();
  }, 30_000);

  it('stops when an admin revokes the device', async () => {
    const agent = startAgent('edge-revoked', ['--dry-run']);
    const device = await waitFor(async () => (await deviceNamed('edge-revoked'))?.status === 'online' && deviceNamed('edge-revoked'), 'device online');
    const res = await server.inject({ method: 'POST', url: `/api/v1/mesh/devices/${device.id}/revoke`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: device.id, revoked: true });
    expect(await agent.exited).toBe(1);
    expect(agent.output()).toContain("The server refused this device's token");
  }, 30_000);
});

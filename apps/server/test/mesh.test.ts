import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { BrandRole } from '@console/contract/roles';
import { rowsOf } from '../src/db/client';
import { fakeClock } from '../src/clock';
import type { LiveEvent } from '../src/events/bus';
import { countDevicesByState, countJobsByStatus, LEASE_EXPIRED_ERROR } from '../src/modules/mesh/service';
import { buildBrand, buildBrandWithTeam, buildUser, createTestApp, loginAs, type TestApp } from './helpers/app';

const clock = fakeClock(new Date('2026-11-01T12:00:00Z'));
let t: TestApp;
let team: Awaited<ReturnType<typeof buildBrandWithTeam>>;
let superAdmin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ clock });
  team = await buildBrandWithTeam(t);
  const admin = await buildUser(t.ctx, { superAdmin: true });
  superAdmin = (await loginAs(t.app, admin.email)).headers;
});
afterAll(() => t?.close());

const call = (opts: InjectOptions) => t.app.inject(opts);
const as = (role: BrandRole) => team.members[role].headers;

async function register(brand: { id: string; apiKey: string }, name: string) {
  const res = await call({ method: 'POST', url: '/api/v1/mesh/agent/register', headers: { 'x-api-key': brand.apiKey }, payload: { brand_id: brand.id, name } });
  expect(res.statusCode).toBe(201);
  const body = res.json() as { device_id: string; token: string };
  return { id: body.device_id, token: body.token, headers: { authorization: `Bearer ${body.token}` } };
}

async function queueJob(brandId: string, deviceId: string, action = 'pull_model', payload: Record<string, unknown> = { model: 'llama3.2:1b' }) {
  const res = await call({ method: 'POST', url: `/api/v1/mesh/jobs?brand_id=${brandId}`, headers: as('owner'), payload: { device_id: deviceId, action, payload } });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; status: string };
}

// The brand of `team` has no devices until a test registers one; tests use fresh names.
let n = 0;
const fresh = (prefix: string) => `${prefix}-${++n}`;

describe('agent registration', () => {
  it('answers 201 with a device token for the brand API key, and the device shows Online', async () => {
    const dev = await register(team.brand, 'rack-1');
    expect(dev.token).toMatch(/^dt_[A-Za-z0-9_-]{43}$/);
    const list = await call({ method: 'GET', url: `/api/v1/mesh/devices?brand_id=${team.brand.id}`, headers: as('viewer') });
    expect(list.statusCode).toBe(200);
    expect(list.json().devices.find((d: { id: string }) => d.id === dev.id)).toEqual({
      id: dev.id,
      brand_id: team.brand.id,
      device_name: 'rack-1',
      device_type: 'server',
      environment: null,
      last_seen: clock.now().toISOString(),
      ip_address: '127.0.0.1',
      status: 'online',
      agent_version: null,
      revoked: false,
      services_count: 0,
      containers_count: 0,
      created_at: clock.now().toISOString(),
    });
  });

  it('stores the token only as an HMAC index and sealed, never in clear', async () => {
    const dev = await register(team.brand, fresh('sealed'));
    const [row] = rowsOf<{ token_index: string; token_sealed: string }>(await t.ctx.db.execute(sql`select token_index, token_sealed from device_tokens where device_id = ${dev.id}`));
    expect(row.token_index).toBe(t.ctx.keyring.index(dev.token));
    expect(row.token_sealed).not.toContain(dev.token);
    expect(t.ctx.keyring.open(row.token_sealed)).toBe(dev.token);
  });

  it('keeps the device id when the same name registers again, and both tokens work', async () => {
    const name = fresh('twin');
    const first = await register(team.brand, name);
    const second = await register(team.brand, name);
    expect(second.id).toBe(first.id);
    for (const dev of [first, second]) {
      expect((await call({ method: 'POST', url: '/api/v1/mesh/agent/heartbeat', headers: dev.headers, payload: {} })).statusCode).toBe(200);
    }
  });

  it('should fail with 401 for a missing key, a wrong key, or the key of another brand', async () => {
    const body = { brand_id: team.brand.id, name: 'nope' };
    const cases = [{}, { 'x-api-key': 'bk_' + 'x'.repeat(43) }, { 'x-api-key': team.other.apiKey }];
    for (const headers of cases) {
      const res = await call({ method: 'POST', url: '/api/v1/mesh/agent/register', headers, payload: body });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Invalid API key for this brand', code: 'UNAUTHORIZED' });
    }
  });
});

describe('heartbeats', () => {
  it('records IP, services with ports and containers with image and status, replacing the previous report', async () => {
    const dev = await register(team.brand, fresh('hb'));
    const hb = (payload: object) => call({ method: 'POST', url: '/api/v1/mesh/agent/heartbeat', headers: dev.headers, payload });
    const first = await hb({
      ip_address: '10.0.4.21',
      services: [{ name: 'ollama', port: 11434 }, { name: 'postgres', port: 5432 }],
      containers: [{ name: 'postgres', image: 'postgres:16.6-alpine', status: 'running' }, { name: 'old', image: 'redis:7.2', status: 'exited' }],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ device_id: dev.id, server_time: clock.now().toISOString() });
    const services = await call({ method: 'GET', url: `/api/v1/mesh/devices/${dev.id}/services`, headers: as('viewer') });
    expect(services.json()).toEqual({ services: [{ name: 'ollama', port: 11434 }, { name: 'postgres', port: 5432 }] });
    const containers = await call({ method: 'GET', url: `/api/v1/mesh/devices/${dev.id}/containers`, headers: as('viewer') });
    expect(containers.json()).toEqual({
      containers: [
        { name: 'old', image: 'redis:7.2', status: 'exited' },
        { name: 'postgres', image: 'postgres:16.6-alpine', status: 'running' },
      ],
    });

    await hb({ services: [], containers: [{ name: 'web', image: 'nginx:1.27', status: 'running' }] });
    const after = await call({ method: 'GET', url: `/api/v1/mesh/devices/${dev.id}/containers`, headers: as('viewer') });
    expect(after.json()).toEqual({ containers: [{ name: 'web', image: 'nginx:1.27', status: 'running' }] });
    const list = await call({ method: 'GET', url: `/api/v1/devices?brand_id=${team.brand.id}`, headers: as('viewer') });
    expect(list.json().devices.find((d: { id: string }) => d.id === dev.id)).toMatchObject({ ip_address: '127.0.0.1', services_count: 0, containers_count: 1 });
  });

  it('publishes device.updated on registration and when the report changes, not on an unchanged heartbeat', async () => {
    const events: LiveEvent[] = [];
    const unsubscribe = t.ctx.events.subscribe(team.brand.id, (e) => events.push(e));
    const dev = await register(team.brand, fresh('events'));
    const hb = (payload: object) => call({ method: 'POST', url: '/api/v1/mesh/agent/heartbeat', headers: dev.headers, payload });
    const report = { services: [{ name: 'ollama', port: 11434 }], containers: [] };
    await hb(report);
    await hb(report);
    await hb({ ...report, containers: [{ name: 'web', image: 'nginx:1.27', status: 'running' }] });
    await new Promise((r) => setTimeout(r, 100));
    unsubscribe();
    const mine = events.filter((e) => e.type === 'device.updated' && e.data.device_id === dev.id);
    expect(mine.map((e) => e.data)).toEqual([{ device_id: dev.id }, { device_id: dev.id }, { device_id: dev.id }]);
  });

  it('should fail with 401 without a device token, with a session token, or with a revoked one', async () => {
    const noToken = await call({ method: 'POST', url: '/api/v1/mesh/agent/heartbeat', payload: {} });
    expect(noToken.statusCode).toBe(401);
    const session = await call({ method: 'POST', url: '/api/v1/mesh/agent/heartbeat', headers: as('owner'), payload: {} });
    expect(session.statusCode).toBe(401);
    const dev = await register(team.brand, fresh('revoked'));
    expect((await call({ method: 'POST', url: `/api/v1/mesh/devices/${dev.id}/revoke`, headers: as('admin') })).statusCode).toBe(200);
    const revoked = await call({ method: 'POST', url: '/api/v1/mesh/agent/heartbeat', headers: dev.headers, payload: {} });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ error: 'Device token is invalid or revoked', code: 'UNAUTHORIZED' });
  });
});

describe('job claims and reports', () => {
  it('moves a job pending → running → completed, exactly once, publishing job.updated each time', async () => {
    const dev = await register(team.brand, fresh('claim'));
    const events: LiveEvent[] = [];
    const unsubscribe = t.ctx.events.subscribe(team.brand.id, (e) => events.push(e));
    const job = await queueJob(team.brand.id, dev.id);
    expect(job.status).toBe('pending');

    const claim = await call({ method: 'POST', url: '/api/v1/mesh/agent/jobs/claim', headers: dev.headers, payload: {} });
    expect(claim.statusCode).toBe(200);
    expect(claim.json()).toEqual({
      jobs: [{ id: job.id, action: 'pull_model', payload: { model: 'llama3.2:1b' }, package_name: null, lease_expires_at: new Date(clock.now().getTime() + 120_000).toISOString() }],
    });
    const again = await call({ method: 'POST', url: '/api/v1/mesh/agent/jobs/claim', headers: dev.headers, payload: {} });
    expect(again.json()).toEqual({ jobs: [] });

    const done = await call({ method: 'POST', url: `/api/v1/mesh/agent/jobs/${job.id}/complete`, headers: dev.headers, payload: { result: { model: 'llama3.2:1b', status: 'success' } } });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ id: job.id, status: 'completed' });
    const twice = await call({ method: 'POST', url: `/api/v1/mesh/agent/jobs/${job.id}/fail`, headers: dev.headers, payload: { error: 'late' } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: 'Job is completed, not running', code: 'CONFLICT' });

    const shown = await call({ method: 'GET', url: `/api/v1/mesh/jobs/${job.id}`, headers: as('viewer') });
    expect(shown.json()).toMatchObject({ status: 'completed', result: { model: 'llama3.2:1b', status: 'success' }, error: null, device_id: dev.id });
    await new Promise((r) => setTimeout(r, 100));
    unsubscribe();
    const statuses = events.filter((e) => e.type === 'job.updated' && e.data.job_id === job.id).map((e) => e.data.status);
    expect(statuses).toEqual(['pending', 'running', 'completed']);
  });

  it('records a failed job with its error', async () => {
    const dev = await register(team.brand, fresh('fail'));
    const job = await queueJob(team.brand.id, dev.id, 'restart_service', { name: 'nginx' });
    await call({ method: 'POST', url: '/api/v1/mesh/agent/jobs/claim', headers: dev.headers, payload: {} });
    const res = await call({ method: 'POST', url: `/api/v1/mesh/agent/jobs/${job.id}/fail`, headers: dev.headers, payload: { error: 'docker restart failed: No such container: nginx' } });
    expect(res.json()).toEqual({ id: job.id, status: 'failed' });
    const shown = await call({ method: 'GET', url: `/api/v1/mesh/jobs/${job.id}`, headers: as('viewer') });
    expect(shown.json()).toMatchObject({ status: 'failed', error: 'docker restart failed: No such container: nginx', result: null });
  });

  it('claims the oldest jobs first and only the device\'s own', async () => {
    const a = await register(team.brand, fresh('order-a'));
    const b = await register(team.brand, fresh('order-b'));
    const first = await queueJob(team.brand.id, a.id);
    clock.advance(1000);
    const forB = await queueJob(team.brand.id, b.id);
    const second = await queueJob(team.brand.id, a.id);
    const claim = await call({ method: 'POST', url: '/api/v1/mesh/agent/jobs/claim', headers: a.headers, payload: { limit: 5 } });
    expect(claim.json().jobs.map((j: { id: string }) => j.id)).toEqual([first.id, second.id]);
    const claimB = await call({ method: 'POST', url: '/api/v1/mesh/agent/jobs/claim', headers: b.headers, payload: { limit: 5 } });
    expect(claimB.json().jobs.map((j: { id: string }) => j.id)).toEqual([forB.id]);
  });

  it('fails a running job with a clear error once its device stops heartbeating past the lease; heartbeats extend it', async () => {
    const dev = await register(team.brand, fresh('lease'));
    const job = await queueJob(team.brand.id, dev.id);
    await call({ method: 'POST', url: '/api/v1/mesh/agent/jobs/claim', headers: dev.headers, payload: {} });
    clock.advance(90_000);
    await call({ method: 'POST', url: '/api/v1/mesh/agent/heartbeat', headers: dev.headers, payload: {} });
    clock.advance(90_000);
    const still = await call({ method: 'GET', url: `/api/v1/mesh/jobs/${job.id}`, headers: as('viewer') });
    expect(still.json().status).toBe('running');
    clock.advance(31_000);
    const count = await call({ method: 'GET', url: `/api/v1/jobs/count?brand_id=${team.brand.id}&status=running`, headers: as('viewer') });
    expect(count.statusCode).toBe(200);
    const failed = await call({ method: 'GET', url: `/api/v1/mesh/jobs/${job.id}`, headers: as('viewer') });
    expect(failed.json()).toMatchObject({ status: 'failed', error: LEASE_EXPIRED_ERROR });
    expect(LEASE_EXPIRED_ERROR).toBe('Device stopped responding: no heartbeat for over 2 minutes while the job was running');
    const late = await call({ method: 'POST', url: `/api/v1/mesh/agent/jobs/${job.id}/complete`, headers: dev.headers, payload: { result: {} } });
    expect(late.statusCode).toBe(409);
  });
});

describe('an agent token of one brand in another brand', () => {
  it('can neither see, claim nor report the other brand\'s jobs, nor use the user API', async () => {
    const mine = await register(team.brand, fresh('mine'));
    const theirs = await register(team.other, fresh('theirs'));
    const job = await call({
      method: 'POST',
      url: `/api/v1/mesh/jobs?brand_id=${team.other.id}`,
      headers: team.outsider.headers,
      payload: { device_id: theirs.id, action: 'list_models', payload: {} },
    });
    expect(job.statusCode).toBe(201);
    const id = job.json().id;
    expect((await call({ method: 'POST', url: '/api/v1/mesh/agent/jobs/claim', headers: mine.headers, payload: { limit: 10 } })).json()).toEqual({ jobs: [] });
    for (const verb of ['complete', 'fail']) {
      const res = await call({ method: 'POST', url: `/api/v1/mesh/agent/jobs/${id}/${verb}`, headers: mine.headers, payload: verb === 'fail' ? { error: 'x' } : { result: {} } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Job not found', code: 'NOT_FOUND' });
    }
    for (const url of [`/api/v1/mesh/jobs?brand_id=${team.other.id}`, `/api/v1/mesh/devices?brand_id=${team.other.id}`, `/api/v1/mesh/jobs/${id}`]) {
      expect((await call({ method: 'GET', url, headers: mine.headers })).statusCode).toBe(401);
    }
    const still = await call({ method: 'GET', url: `/api/v1/mesh/jobs/${id}`, headers: team.outsider.headers });
    expect(still.json().status).toBe('pending');
  });
});

describe('user routes: authentication, tenancy and roles', () => {
  let device: { id: string };
  let jobId: string;
  beforeEach(async () => {
    device ??= await register(team.brand, 'tenancy-device');
    jobId ??= (await queueJob(team.brand.id, device.id)).id;
  });

  const reads = () => [
    `/api/v1/mesh/jobs?brand_id=${team.brand.id}`,
    `/api/v1/jobs/count?brand_id=${team.brand.id}&status=running`,
    `/api/v1/mesh/devices?brand_id=${team.brand.id}`,
    `/api/v1/devices?brand_id=${team.brand.id}`,
    `/api/v1/devices/count?brand_id=${team.brand.id}`,
    `/api/v1/mesh/devices/${device.id}/services`,
    `/api/v1/mesh/devices/${device.id}/containers`,
    `/api/v1/mesh/jobs/${jobId}`,
  ];

  it('should answer 401 to every read without a token', async () => {
    for (const url of reads()) {
      const res = await call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('should answer 404 to a member of another brand on every read', async () => {
    for (const url of reads()) {
      const res = await call({ method: 'GET', url, headers: team.outsider.headers });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });

  it('lets every role read, viewers included', async () => {
    for (const role of ['owner', 'admin', 'editor', 'agent', 'viewer'] as const) {
      for (const url of reads()) expect((await call({ method: 'GET', url, headers: as(role) })).statusCode, `${role} ${url}`).toBe(200);
    }
  });

  it('lets owners, admins, editors and agents create jobs; viewers get 403, strangers 404, no token 401', async () => {
    const payload = { device_id: device.id, action: 'list_models', payload: {} };
    const url = `/api/v1/mesh/jobs?brand_id=${team.brand.id}`;
    for (const role of ['owner', 'admin', 'editor', 'agent'] as const) {
      const res = await call({ method: 'POST', url, headers: as(role), payload });
      expect(res.statusCode, role).toBe(201);
      expect(res.json()).toMatchObject({ action: 'list_models', status: 'pending', device_id: device.id, device_name: 'tenancy-device', brand_id: team.brand.id });
    }
    const viewer = await call({ method: 'POST', url, headers: as('viewer'), payload });
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toEqual({ error: 'You do not have permission to do this', code: 'FORBIDDEN' });
    expect((await call({ method: 'POST', url, headers: team.outsider.headers, payload })).statusCode).toBe(404);
    expect((await call({ method: 'POST', url, payload })).statusCode).toBe(401);
  });

  it('should fail with 404 when the device belongs to another brand, and 400 naming the field for a bad payload', async () => {
    const theirs = await register(team.other, fresh('elsewhere'));
    const url = `/api/v1/mesh/jobs?brand_id=${team.brand.id}`;
    const cross = await call({ method: 'POST', url, headers: as('owner'), payload: { device_id: theirs.id, action: 'list_models', payload: {} } });
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toEqual({ error: 'Device not found', code: 'NOT_FOUND' });
    const bad = await call({ method: 'POST', url, headers: as('owner'), payload: { device_id: device.id, action: 'deploy_container', payload: { image: 'nginx; rm -rf /' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body.payload.image', message: 'must be an image reference' }] });
    const action = await call({ method: 'POST', url, headers: as('owner'), payload: { device_id: device.id, action: 'format_disk', payload: {} } });
    expect(action.statusCode).toBe(400);
  });

  it('lets only owners and admins revoke a device', async () => {
    const dev = await register(team.brand, fresh('revocable'));
    const url = `/api/v1/mesh/devices/${dev.id}/revoke`;
    expect((await call({ method: 'POST', url })).statusCode).toBe(401);
    expect((await call({ method: 'POST', url, headers: team.outsider.headers })).statusCode).toBe(404);
    for (const role of ['viewer', 'agent', 'editor'] as const) expect((await call({ method: 'POST', url, headers: as(role) })).statusCode, role).toBe(403);
    const res = await call({ method: 'POST', url, headers: as('admin') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: dev.id, revoked: true });
  });

  it('accepts brand_id=all from super admins only', async () => {
    const all = await call({ method: 'GET', url: '/api/v1/mesh/devices?brand_id=all', headers: superAdmin });
    expect(all.statusCode).toBe(200);
    const brands = new Set(all.json().devices.map((d: { brand_id: string }) => d.brand_id));
    expect(brands.has(team.brand.id) && brands.has(team.other.id)).toBe(true);
    expect((await call({ method: 'GET', url: '/api/v1/mesh/jobs?brand_id=all', headers: superAdmin })).statusCode).toBe(200);
    expect((await call({ method: 'GET', url: '/api/v1/mesh/devices?brand_id=all', headers: as('owner') })).statusCode).toBe(403);
  });
});

describe('counts', () => {
  it('counts online and offline devices by the 5-minute threshold, with the trend of devices added', async () => {
    const brand = await buildBrand(t.ctx);
    const owner = await buildUser(t.ctx, { memberships: [[brand.id, 'viewer']] });
    const headers = (await loginAs(t.app, owner.email)).headers;
    const start = clock.now();
    await register(brand, 'old');
    clock.advance(8 * 24 * 3600_000);
    const recent = await register(brand, 'new-1');
    await register(brand, 'new-2');
    const count = (status = '') => call({ method: 'GET', url: `/api/v1/devices/count?brand_id=${brand.id}${status}`, headers }).then((r) => r.json());
    // 'old' was last seen 8 days ago; the two new ones now. 2 added this week against 1 the week before.
    expect(await count()).toEqual({ count: 2, total: 3, trend: 100 });
    expect(await count('&status=offline')).toEqual({ count: 1, total: 3, trend: 100 });
    expect(await countDevicesByState(t.ctx, brand.id)).toEqual({ online: 2, offline: 1, total: 3 });

    clock.advance(5 * 60_000 - 1);
    await call({ method: 'POST', url: '/api/v1/mesh/agent/heartbeat', headers: recent.headers, payload: {} });
    clock.advance(1);
    expect(await countDevicesByState(t.ctx, brand.id)).toEqual({ online: 1, offline: 2, total: 3 });
    expect(start.getTime()).toBeLessThan(clock.now().getTime());
  });

  it('counts jobs by status for the badge', async () => {
    const brand = await buildBrand(t.ctx);
    const owner = await buildUser(t.ctx, { memberships: [[brand.id, 'owner']] });
    const headers = (await loginAs(t.app, owner.email)).headers;
    const dev = await register(brand, 'counted');
    for (let i = 0; i < 3; i++) {
      await call({ method: 'POST', url: `/api/v1/mesh/jobs?brand_id=${brand.id}`, headers, payload: { device_id: dev.id, action: 'list_models', payload: {} } });
    }
    await call({ method: 'POST', url: '/api/v1/mesh/agent/jobs/claim', headers: dev.headers, payload: { limit: 2 } });
    const running = await call({ method: 'GET', url: `/api/v1/jobs/count?brand_id=${brand.id}&status=running`, headers });
    expect(running.json()).toEqual({ count: 2, total: 3, trend: 100 });
    expect(await countJobsByStatus(t.ctx, brand.id, 'running')).toBe(2);
    expect(await countJobsByStatus(t.ctx, brand.id, 'pending')).toBe(1);
    const bad = await call({ method: 'GET', url: `/api/v1/jobs/count?brand_id=${brand.id}&status=exploded`, headers });
    expect(bad.statusCode).toBe(400);
  });
});

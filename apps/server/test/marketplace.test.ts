import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_CATEGORIES, type Package } from '@console/contract/marketplace';
import { JOB_PAYLOAD_SCHEMAS } from '@console/contract/mesh';
import { CATALOG, installPayloadFor } from '../src/data/packages';
import { buildBrandWithTeam, createTestApp, type TestApp } from './helpers/app';

let t: TestApp;
let team: Awaited<ReturnType<typeof buildBrandWithTeam>>;
let device: { id: string; headers: { authorization: string } };
let otherDevice: { id: string };

async function register(brand: { id: string; apiKey: string }, name: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/mesh/agent/register', headers: { 'x-api-key': brand.apiKey }, payload: { brand_id: brand.id, name } });
  const body = res.json() as { device_id: string; token: string };
  return { id: body.device_id, headers: { authorization: `Bearer ${body.token}` } };
}

beforeAll(async () => {
  t = await createTestApp();
  team = await buildBrandWithTeam(t);
  device = await register(team.brand, 'gpu-box');
  otherDevice = await register(team.other, 'their-box');
});
afterAll(() => t?.close());

const byName = (name: string) => CATALOG.find((p) => p.source === name)!;

describe('the catalog', () => {
  it('ships more than 650 real packages in every category, each installable', () => {
    expect(CATALOG.length).toBeGreaterThan(650);
    for (const c of PACKAGE_CATEGORIES) expect(CATALOG.filter((p) => p.category === c).length, c).toBeGreaterThanOrEqual(30);
    expect(new Set(CATALOG.map((p) => p.id)).size).toBe(CATALOG.length);
    for (const p of CATALOG) {
      expect(p.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(p.version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(p.downloads).toBeGreaterThan(0);
      expect(p.size).toMatch(/^\d+(\.\d)? (MB|GB)$/);
      const { action, payload } = installPayloadFor(p);
      expect(JOB_PAYLOAD_SCHEMAS[action].safeParse(payload).success, p.source).toBe(true);
    }
    expect(byName('postgres:16.6-alpine')).toMatchObject({ category: 'database', kind: 'container', version: '16.6.0' });
    expect(byName('llama3.1:8b-instruct-q8_0')).toMatchObject({ category: 'ai', kind: 'model', name: 'Llama 3.1 8B (Q8_0)' });
    expect(byName('jenkins/jenkins:lts').version).toBe('1.0.0');
  });
});

describe('GET /api/v1/marketplace/packages', () => {
  const list = (query = '', headers = team.members.viewer.headers) => t.app.inject({ method: 'GET', url: `/api/v1/marketplace/packages${query}`, headers });

  it('answers the first page with the catalog size and per-category counts', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.packages).toHaveLength(100);
    expect(body.pagination).toEqual({ page: 1, limit: 100, total: CATALOG.length });
    expect(body.catalog_total).toBe(CATALOG.length);
    expect(Object.values(body.category_counts as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(CATALOG.length);
    expect(Object.keys(body.packages[0]).sort()).toEqual(['category', 'description', 'downloads', 'id', 'kind', 'name', 'size', 'source', 'version']);
  });

  it('filters by search words and category', async () => {
    const res = await list('?search=postgres%20alpine&category=database');
    const packages = res.json().packages as Package[];
    expect(packages.length).toBeGreaterThan(3);
    for (const p of packages) {
      expect(p.category).toBe('database');
      expect(`${p.name} ${p.description} ${p.source}`.toLowerCase()).toContain('alpine');
    }
    const none = await list('?search=zzzz-no-such-package');
    expect(none.json()).toMatchObject({ packages: [], pagination: { total: 0 } });
    const ai = await list('?category=ai&limit=5&page=2');
    expect(ai.json().pagination).toEqual({ page: 2, limit: 5, total: CATALOG.filter((p) => p.category === 'ai').length });
  });

  it('should fail with 401 without a token and 400 for a limit over 100', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/marketplace/packages' })).statusCode).toBe(401);
    expect((await list('?limit=101')).statusCode).toBe(400);
    expect((await list('?category=games')).statusCode).toBe(400);
  });
});

describe('GET /api/v1/marketplace/packages/{id}', () => {
  it('answers one package to any signed-in user, 404 for an unknown id, 401 without a token', async () => {
    const pkg = byName('redis:7.4-alpine');
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/marketplace/packages/${pkg.id}`, headers: team.members.viewer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(pkg);
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/marketplace/packages/nope', headers: team.outsider.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Package not found', code: 'NOT_FOUND' });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/marketplace/packages/${pkg.id}` })).statusCode).toBe(401);
  });
});

describe('POST /api/v1/marketplace/packages/{id}/install', () => {
  const install = (pkg: Package, body: object, headers?: { authorization: string }) =>
    t.app.inject({ method: 'POST', url: `/api/v1/marketplace/packages/${pkg.id}/install`, headers, payload: body });

  it('queues a deploy_container job for a container image, answered 201 with the job', async () => {
    const pkg = byName('postgres:16.6-alpine');
    const res = await install(pkg, { device_id: device.id }, team.members.editor.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      action: 'deploy_container',
      status: 'pending',
      package_id: pkg.id,
      package_name: pkg.name,
      device_id: device.id,
      device_name: 'gpu-box',
      payload: { image: 'postgres:16.6-alpine', name: 'postgres', ports: ['5432:5432'], env: { POSTGRES_PASSWORD: 'change-me' } },
    });
  });

  it('queues a pull_model job for a model', async () => {
    const pkg = byName('qwen2.5-coder:7b');
    const res = await install(pkg, { device_id: device.id }, team.members.agent.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ action: 'pull_model', payload: { model: 'qwen2.5-coder:7b' }, package_name: 'Qwen 2.5 Coder 7B' });
  });

  it('should answer 401 without a token, 403 to viewers, 404 for another brand\'s device or an unknown package', async () => {
    const pkg = byName('nginx:1.27-alpine');
    expect((await install(pkg, { device_id: device.id })).statusCode).toBe(401);
    const viewer = await install(pkg, { device_id: device.id }, team.members.viewer.headers);
    expect(viewer.statusCode).toBe(403);
    const outsider = await install(pkg, { device_id: device.id }, team.outsider.headers);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual({ error: 'Device not found', code: 'NOT_FOUND' });
    const cross = await install(pkg, { device_id: otherDevice.id }, team.members.owner.headers);
    expect(cross.json()).toEqual({ error: 'Device not found', code: 'NOT_FOUND' });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/v1/marketplace/packages/no-such-package/install', headers: team.members.owner.headers, payload: { device_id: device.id } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Package not found', code: 'NOT_FOUND' });
  });
});

describe('GET /api/v1/marketplace/installed', () => {
  it('lists the packages whose install job completed on the device', async () => {
    const pkg = byName('grafana/grafana:11.3.1');
    const job = (await t.app.inject({ method: 'POST', url: `/api/v1/marketplace/packages/${pkg.id}/install`, headers: team.members.owner.headers, payload: { device_id: device.id } })).json();
    const url = `/api/v1/marketplace/installed?device_id=${device.id}`;
    expect((await t.app.inject({ method: 'GET', url, headers: team.members.viewer.headers })).json().installed.map((i: { package_id: string }) => i.package_id)).not.toContain(pkg.id);

    const claimed = await t.app.inject({ method: 'POST', url: '/api/v1/mesh/agent/jobs/claim', headers: device.headers, payload: { limit: 10 } });
    for (const j of claimed.json().jobs as Array<{ id: string }>) {
      await t.app.inject({ method: 'POST', url: `/api/v1/mesh/agent/jobs/${j.id}/${j.id === job.id ? 'complete' : 'fail'}`, headers: device.headers, payload: j.id === job.id ? { result: {} } : { error: 'no space left on device' } });
    }
    const res = await t.app.inject({ method: 'GET', url, headers: team.members.viewer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ installed: [{ package_id: pkg.id, device_id: device.id, job_id: job.id, installed_at: expect.any(String) }] });
  });

  it('should answer 401 without a token and 404 to another brand', async () => {
    const url = `/api/v1/marketplace/installed?device_id=${device.id}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url, headers: team.outsider.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Device not found', code: 'NOT_FOUND' });
  });
});

import type { JobAction, JobStatus } from '@console/contract/mesh';
import { CATALOG, installPayloadFor } from '../../data/packages';
import { deviceContainers, deviceServices, devices, jobs } from '../schema/index';
import type { DemoBrandName } from './identity';
import type { SeedContext } from './types';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

interface DemoDevice {
  name: string;
  type: string;
  environment: string | null;
  ip: string;
  /** Minutes since last seen; null: never seen. */
  seenMinAgo: number | null;
  createdDaysAgo: number;
  services: Array<[string, number | null]>;
  containers: Array<[string, string, string]>;
}

const DEVICES: Record<DemoBrandName, DemoDevice[]> = {
  'Acme Robotics': [
    {
      name: 'gpu-node-01',
      type: 'gpu-server',
      environment: null,
      ip: '10.20.1.11',
      seenMinAgo: 0.5,
      createdDaysAgo: 28,
      services: [['ollama', 11434], ['open-webui', 3001], ['node-exporter', 9100]],
      containers: [['ollama', 'ollama/ollama:0.5.1', 'running'], ['open-webui', 'ghcr.io/open-webui/open-webui:main', 'running'], ['node-exporter', 'prom/node-exporter:v1.8.2', 'running']],
    },
    {
      name: 'edge-factory-floor',
      type: 'edge',
      environment: 'Production',
      ip: '10.20.8.42',
      seenMinAgo: 2,
      createdDaysAgo: 21,
      services: [['mosquitto', 1883], ['node-red', 1880]],
      containers: [['mosquitto', 'eclipse-mosquitto:2.0', 'running'], ['node-red', 'nodered/node-red:4.0', 'running'], ['telegraf', 'telegraf:1.32-alpine', 'exited']],
    },
    {
      name: 'db-primary',
      type: 'server',
      environment: 'Production',
      ip: '10.20.2.5',
      seenMinAgo: 47,
      createdDaysAgo: 26,
      services: [['postgres', 5432], ['pgbouncer', 6432]],
      containers: [['postgres', 'postgres:16.6-alpine', 'running'], ['pgbouncer', 'bitnami/pgbouncer:1.23.1', 'running'], ['postgres-exporter', 'prometheuscommunity/postgres-exporter:v0.16.0', 'restarting']],
    },
    {
      name: 'staging-runner',
      type: 'vm',
      environment: 'Staging',
      ip: '10.30.0.17',
      seenMinAgo: 3 * 24 * 60,
      createdDaysAgo: 12,
      services: [['nginx', 80]],
      containers: [['nginx', 'nginx:1.27-alpine', 'exited']],
    },
    { name: 'lab-jetson-02', type: 'edge', environment: 'Development', ip: '192.168.1.52', seenMinAgo: null, createdDaysAgo: 2, services: [], containers: [] },
  ],
  'Globex Support': [
    {
      name: 'support-ai-01',
      type: 'gpu-server',
      environment: 'Production',
      ip: '172.16.4.10',
      seenMinAgo: 1,
      createdDaysAgo: 25,
      services: [['ollama', 11434], ['qdrant', 6333]],
      containers: [['ollama', 'ollama/ollama:0.5.1', 'running'], ['qdrant', 'qdrant/qdrant:v1.12.4', 'running']],
    },
    {
      name: 'monitoring',
      type: 'server',
      environment: null,
      ip: '172.16.4.20',
      seenMinAgo: 4,
      createdDaysAgo: 19,
      services: [['prometheus', 9090], ['grafana', 3005], ['loki', 3100]],
      containers: [['prometheus', 'prom/prometheus:v3.0.1', 'running'], ['grafana', 'grafana/grafana:11.3.1', 'running'], ['loki', 'grafana/loki:3.3.0', 'running']],
    },
    {
      name: 'kiosk-lobby',
      type: 'edge',
      environment: 'Production',
      ip: '172.16.9.3',
      seenMinAgo: 9 * 60,
      createdDaysAgo: 6,
      services: [],
      containers: [['kiosk', 'node:22-alpine', 'exited']],
    },
  ],
  Initech: [
    {
      name: 'tps-reports-01',
      type: 'server',
      environment: 'Production',
      ip: '10.0.0.21',
      seenMinAgo: 0.2,
      createdDaysAgo: 27,
      services: [['mysql', 3306], ['adminer', 8080]],
      containers: [['mysql', 'mysql:8.4', 'running'], ['adminer', 'adminer:4.8.1', 'running']],
    },
    {
      name: 'basement-printer-bridge',
      type: 'edge',
      environment: 'Production',
      ip: '10.0.3.99',
      seenMinAgo: 12 * 24 * 60,
      createdDaysAgo: 24,
      services: [],
      containers: [['cups', 'debian:bookworm-slim', 'exited']],
    },
  ],
};

interface DemoJob {
  device: number;
  action: JobAction;
  status: JobStatus;
  source?: string;
  payload?: Record<string, unknown>;
  daysAgo: number;
  error?: string;
  result?: Record<string, unknown>;
}

const pkg = (source: string) => CATALOG.find((p) => p.source === source);

const JOBS: Record<DemoBrandName, DemoJob[]> = {
  'Acme Robotics': [
    { device: 0, action: 'deploy_container', status: 'completed', source: 'ollama/ollama:0.5.1', daysAgo: 27, result: { container_id: '9c1f3e2ab7d4', name: 'ollama', image: 'ollama/ollama:0.5.1' } },
    { device: 0, action: 'pull_model', status: 'completed', source: 'llama3.1:8b', daysAgo: 26, result: { model: 'llama3.1:8b', status: 'success' } },
    { device: 0, action: 'deploy_container', status: 'completed', source: 'ghcr.io/open-webui/open-webui:main', daysAgo: 20, result: { container_id: '4a7be01c9f22', name: 'open-webui', image: 'ghcr.io/open-webui/open-webui:main' } },
    { device: 0, action: 'list_models', status: 'completed', daysAgo: 14, payload: {}, result: { models: [{ name: 'llama3.1:8b', size: 4920753328 }, { name: 'nomic-embed-text:v1.5', size: 274302450 }] } },
    { device: 0, action: 'pull_model', status: 'failed', source: 'llama3.1:70b', daysAgo: 9, error: 'Ollama /api/pull failed: write /root/.ollama/models/blobs: no space left on device' },
    { device: 0, action: 'update_model', status: 'running', payload: { model: 'llama3.1:8b' }, daysAgo: 0.01 },
    { device: 1, action: 'deploy_container', status: 'completed', source: 'eclipse-mosquitto:2.0', daysAgo: 18, result: { container_id: 'e3d0c6f1a2b9', name: 'eclipse-mosquitto', image: 'eclipse-mosquitto:2.0' } },
    { device: 1, action: 'restart_service', status: 'completed', payload: { name: 'node-red' }, daysAgo: 4, result: { name: 'node-red', status: 'restarted' } },
    { device: 1, action: 'start_service', status: 'failed', payload: { name: 'telegraf' }, daysAgo: 1, error: 'docker start failed: Error response from daemon: failed to create task for container: exec: "telegraf": permission denied' },
    { device: 2, action: 'deploy_container', status: 'completed', source: 'postgres:16.6-alpine', daysAgo: 25, result: { container_id: '71aa9d3c0e55', name: 'postgres', image: 'postgres:16.6-alpine' } },
    { device: 2, action: 'deploy_container', status: 'pending', source: 'prometheuscommunity/postgres-exporter:v0.16.0', daysAgo: 0.02 },
    { device: 3, action: 'deploy_container', status: 'failed', source: 'nginx:1.27-alpine', daysAgo: 3, error: 'docker run failed: Error response from daemon: driver failed programming external connectivity: Bind for 0.0.0.0:80 failed: port is already allocated' },
    { device: 4, action: 'pull_model', status: 'pending', source: 'llama3.2:3b', daysAgo: 1.5 },
  ],
  'Globex Support': [
    { device: 0, action: 'pull_model', status: 'completed', source: 'qwen2.5:7b', daysAgo: 22, result: { model: 'qwen2.5:7b', status: 'success' } },
    { device: 0, action: 'deploy_container', status: 'completed', source: 'qdrant/qdrant:v1.12.4', daysAgo: 16, result: { container_id: '0b5e7f1d2c34', name: 'qdrant', image: 'qdrant/qdrant:v1.12.4' } },
    { device: 0, action: 'pull_model', status: 'running', source: 'nomic-embed-text:v1.5', daysAgo: 0.005 },
    { device: 1, action: 'deploy_container', status: 'completed', source: 'grafana/grafana:11.3.1', daysAgo: 17, result: { container_id: '5f6e1a0b9c87', name: 'grafana', image: 'grafana/grafana:11.3.1' } },
    { device: 1, action: 'restart_service', status: 'completed', payload: { name: 'prometheus' }, daysAgo: 5, result: { name: 'prometheus', status: 'restarted' } },
    { device: 2, action: 'start_service', status: 'failed', payload: { name: 'kiosk' }, daysAgo: 0.4, error: 'Device stopped responding: no heartbeat for over 2 minutes while the job was running' },
    { device: 1, action: 'list_models', status: 'pending', payload: {}, daysAgo: 0.03 },
  ],
  Initech: [
    { device: 0, action: 'deploy_container', status: 'completed', source: 'mysql:8.4', daysAgo: 26, result: { container_id: 'aa01b2c3d4e5', name: 'mysql', image: 'mysql:8.4' } },
    { device: 0, action: 'deploy_container', status: 'completed', source: 'adminer:4.8.1', daysAgo: 10, result: { container_id: 'ff0e1d2c3b4a', name: 'adminer', image: 'adminer:4.8.1' } },
    { device: 1, action: 'restart_service', status: 'failed', payload: { name: 'cups' }, daysAgo: 12, error: 'docker restart failed: Error response from daemon: No such container: cups' },
    { device: 0, action: 'pull_model', status: 'pending', source: 'phi4:14b', daysAgo: 0.1 },
  ],
};

/** Demo mesh: devices online and offline with services and containers, jobs of every status and action. */
export async function seedMesh(seed: SeedContext) {
  const now = seed.clock.now().getTime();
  for (const brandName of Object.keys(DEVICES) as DemoBrandName[]) {
    const brandId = seed.brands[brandName];
    const ids: string[] = [];
    for (const d of DEVICES[brandName]) {
      const [row] = await seed.db
        .insert(devices)
        .values({
          brandId,
          name: d.name,
          deviceType: d.type,
          environment: d.environment,
          ipAddress: d.ip,
          agentVersion: d.seenMinAgo === null ? null : '1.0.0',
          lastSeen: d.seenMinAgo === null ? null : new Date(now - d.seenMinAgo * MIN),
          createdAt: new Date(now - d.createdDaysAgo * DAY),
          updatedAt: new Date(now - (d.seenMinAgo ?? 0) * MIN),
        })
        .returning();
      ids.push(row.id);
      if (d.services.length) await seed.db.insert(deviceServices).values(d.services.map(([name, port]) => ({ brandId, deviceId: row.id, name, port })));
      if (d.containers.length) {
        await seed.db.insert(deviceContainers).values(d.containers.map(([name, image, status]) => ({ brandId, deviceId: row.id, name, image, status })));
      }
    }
    for (const j of JOBS[brandName]) {
      const p = j.source ? pkg(j.source) : undefined;
      const payload = j.payload ?? (p ? installPayloadFor(p).payload : {});
      const created = new Date(now - j.daysAgo * DAY);
      const finished = j.status === 'completed' || j.status === 'failed' ? new Date(created.getTime() + 2 * MIN) : null;
      await seed.db.insert(jobs).values({
        brandId,
        deviceId: ids[j.device],
        action: j.action,
        status: j.status,
        packageId: p?.id ?? null,
        packageName: p?.name ?? null,
        payload,
        result: j.result ?? null,
        error: j.error ?? null,
        createdBy: seed.users['demo@example.com'] ?? null,
        createdAt: created,
        updatedAt: finished ?? (j.status === 'running' ? new Date(created.getTime() + 10_000) : created),
        startedAt: j.status === 'pending' ? null : new Date(created.getTime() + 10_000),
        completedAt: finished,
        // Demo jobs have no agent behind them; a lease would fail the running ones at once.
        leaseExpiresAt: null,
      });
    }
  }
}

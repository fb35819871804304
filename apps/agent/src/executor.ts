import { execFile } from 'node:child_process';
import { appendFile } from 'node:fs/promises';
import { networkInterfaces } from 'node:os';
import type { z } from 'zod';
import { JOB_ACTIONS, JOB_PAYLOAD_SCHEMAS, type JobAction } from '@console/contract/mesh';

export type Inventory = {
  ip_address?: string;
  services: Array<{ name: string; port: number | null }>;
  containers: Array<{ name: string; image: string; status: string }>;
};

/** One step of a job: a Docker CLI call or an Ollama HTTP request. */
export type Step =
  | { kind: 'docker'; args: string[]; ignoreFailure?: boolean }
  | { kind: 'http'; method: 'GET' | 'POST'; url: string; body?: Record<string, unknown> };

/** A job that cannot be run as given; the agent reports it failed with this message. */
export class JobRejected extends Error {}

export type ParsedJob =
  | { action: 'deploy_container'; payload: z.infer<(typeof JOB_PAYLOAD_SCHEMAS)['deploy_container']> }
  | { action: 'pull_model' | 'update_model'; payload: z.infer<(typeof JOB_PAYLOAD_SCHEMAS)['pull_model']> }
  | { action: 'list_models'; payload: Record<string, unknown> }
  | { action: 'restart_service' | 'start_service'; payload: z.infer<(typeof JOB_PAYLOAD_SCHEMAS)['restart_service']> };

/** Validates a claimed job against the shared contract; anything else is rejected with a clear reason. */
export function parseJob(action: unknown, payload: unknown): ParsedJob {
  if (typeof action !== 'string' || !(JOB_ACTIONS as readonly string[]).includes(action)) {
    throw new JobRejected(`Cannot run job: unknown action ${JSON.stringify(action)} (expected one of ${JOB_ACTIONS.join(', ')})`);
  }
  const parsed = JOB_PAYLOAD_SCHEMAS[action as JobAction].safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `payload.${issue.path.join('.')}` : 'payload';
    throw new JobRejected(`Cannot run job: invalid ${where} for ${action}: ${issue?.message ?? 'invalid value'}`);
  }
  return { action, payload: parsed.data } as ParsedJob;
}

function containerNameOf(image: string): string {
  const last = image.split('/').pop() ?? image;
  return last.split(/[:@]/)[0].replace(/[^a-zA-Z0-9_.-]/g, '-');
}

/** What a job runs, step by step: the real executor runs these, a dry run records them. */
export function planJob(job: ParsedJob, ollamaUrl: string): Step[] {
  switch (job.action) {
    case 'deploy_container': {
      const { image, ports = [], env = {} } = job.payload;
      const name = job.payload.name ?? containerNameOf(image);
      const run = ['run', '-d', '--name', name, '--restart', 'unless-stopped'];
      for (const p of ports) run.push('-p', p);
      for (const [k, v] of Object.entries(env)) run.push('-e', `${k}=${v}`);
      run.push(image);
      return [
        { kind: 'docker', args: ['pull', image] },
        { kind: 'docker', args: ['rm', '-f', name], ignoreFailure: true },
        { kind: 'docker', args: run },
      ];
    }
    case 'restart_service':
      return [{ kind: 'docker', args: ['restart', job.payload.name] }];
    case 'start_service':
      return [{ kind: 'docker', args: ['start', job.payload.name] }];
    case 'pull_model':
    case 'update_model':
      return [{ kind: 'http', method: 'POST', url: `${ollamaUrl}/api/pull`, body: { model: job.payload.model, stream: false } }];
    case 'list_models':
      return [{ kind: 'http', method: 'GET', url: `${ollamaUrl}/api/tags` }];
  }
}

export interface Executor {
  run(job: ParsedJob, jobId: string): Promise<Record<string, unknown>>;
  inventory(): Promise<Inventory>;
}

function localIp(): string | undefined {
  for (const addrs of Object.values(networkInterfaces())) {
    for (const a of addrs ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return undefined;
}

function hostPortOf(mapping: string): number | null {
  const [host] = mapping.split('/')[0].split(':');
  const n = Number(mapping.includes(':') ? host : mapping.split('/')[0]);
  return Number.isInteger(n) ? n : null;
}

/** Runs jobs for real: the Docker CLI for containers and services, Ollama's HTTP API for models. */
export class RealExecutor implements Executor {
  constructor(private readonly opts: { dockerBin: string; ollamaUrl: string; stepTimeoutMs?: number }) {}

  private docker(args: string[], timeoutMs = this.opts.stepTimeoutMs ?? 30 * 60_000): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(this.opts.dockerBin, args, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
        if (err) {
          const code = (err as NodeJS.ErrnoException).code;
          if (code === 'ENOENT') return reject(new Error(`Docker CLI not found (${this.opts.dockerBin}); is Docker installed?`));
          const detail = (stderr || stdout || err.message).toString().trim().split('\n').slice(-3).join(' ');
          return reject(new Error(`docker ${args[0]} failed: ${detail}`));
        }
        resolve(stdout.toString());
      });
    });
  }

  private async http(step: Extract<Step, { kind: 'http' }>): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await fetch(step.url, {
        method: step.method,
        headers: step.body ? { 'content-type': 'application/json' } : undefined,
        body: step.body ? JSON.stringify(step.body) : undefined,
        signal: AbortSignal.timeout(this.opts.stepTimeoutMs ?? 60 * 60_000),
      });
    } catch (err) {
      throw new Error(`Ollama is not reachable at ${this.opts.ollamaUrl}: ${err instanceof Error ? err.message : String(err)}`);
    }
    const text = await res.text();
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      body = { raw: text.slice(0, 1000) };
    }
    if (!res.ok || typeof body.error === 'string') throw new Error(`Ollama ${new URL(step.url).pathname} failed: ${String(body.error ?? `HTTP ${res.status}`)}`);
    return body;
  }

  async run(job: ParsedJob): Promise<Record<string, unknown>> {
    const steps = planJob(job, this.opts.ollamaUrl);
    if (job.action === 'pull_model' || job.action === 'update_model') {
      const body = await this.http(steps[0] as Extract<Step, { kind: 'http' }>);
      return { model: job.payload.model, status: body.status ?? 'success' };
    }
    if (job.action === 'list_models') {
      const body = await this.http(steps[0] as Extract<Step, { kind: 'http' }>);
      const models = Array.isArray(body.models) ? (body.models as Array<Record<string, unknown>>) : [];
      return { models: models.map((m) => ({ name: m.name, size: m.size, modified_at: m.modified_at })) };
    }
    let last = '';
    for (const step of steps) {
      if (step.kind !== 'docker') continue;
      try {
        last = await this.docker(step.args);
      } catch (err) {
        if (!step.ignoreFailure) throw err;
      }
    }
    if (job.action === 'deploy_container') {
      const name = job.payload.name ?? containerNameOf(job.payload.image);
      return { container_id: last.trim().slice(0, 64), name, image: job.payload.image };
    }
    const service = job as Extract<ParsedJob, { action: 'restart_service' | 'start_service' }>;
    return { name: service.payload.name, status: service.action === 'restart_service' ? 'restarted' : 'started' };
  }

  async inventory(): Promise<Inventory> {
    const services: Inventory['services'] = [];
    const containers: Inventory['containers'] = [];
    try {
      const out = await this.docker(['ps', '-a', '--format', '{{json .}}'], 15_000);
      for (const line of out.split('\n')) {
        if (!line.trim()) continue;
        const c = JSON.parse(line) as { Names?: string; Image?: string; State?: string; Status?: string; Ports?: string };
        const name = (c.Names ?? '').split(',')[0];
        if (!name) continue;
        const status = c.State || (c.Status?.startsWith('Up') ? 'running' : c.Status) || 'unknown';
        containers.push({ name, image: c.Image ?? '', status });
        if (status !== 'running') continue;
        const ports = new Set<number>();
        for (const m of (c.Ports ?? '').matchAll(/:(\d+)->/g)) ports.add(Number(m[1]));
        for (const port of ports) services.push({ name, port });
      }
    } catch {
      // No Docker on this device (or it is down): report no containers.
    }
    try {
      const res = await fetch(`${this.opts.ollamaUrl}/api/version`, { signal: AbortSignal.timeout(3000) });
      if (res.ok) services.push({ name: 'ollama', port: Number(new URL(this.opts.ollamaUrl).port || 11434) });
    } catch {
      // Ollama not running here.
    }
    return { ip_address: localIp(), services, containers };
  }
}

/**
 * `--dry-run`: runs nothing, records each job's steps (stdout log and `--record` file) and keeps
 * a simulated inventory so the console shows what the deployments would have produced.
 */
export class DryRunExecutor implements Executor {
  private readonly containers = new Map<string, { image: string; status: string; ports: number[] }>();

  constructor(private readonly opts: { ollamaUrl: string; recordFile?: string; log: (line: string) => void }) {}

  async run(job: ParsedJob, jobId: string): Promise<Record<string, unknown>> {
    const steps = planJob(job, this.opts.ollamaUrl);
    const commands = steps.map((s) => (s.kind === 'docker' ? `docker ${s.args.join(' ')}` : `${s.method} ${s.url}${s.body ? ' ' + JSON.stringify(s.body) : ''}`));
    const record = { job_id: jobId, action: job.action, commands, at: new Date().toISOString() };
    this.opts.log(`dry run ${job.action} ${jobId}: ${commands.join(' && ')}`);
    if (this.opts.recordFile) await appendFile(this.opts.recordFile, JSON.stringify(record) + '\n');
    if (job.action === 'deploy_container') {
      const name = job.payload.name ?? containerNameOf(job.payload.image);
      this.containers.set(name, { image: job.payload.image, status: 'running', ports: (job.payload.ports ?? []).map(hostPortOf).filter((p): p is number => p !== null) });
    } else if (job.action === 'restart_service' || job.action === 'start_service') {
      const c = this.containers.get(job.payload.name);
      if (c) c.status = 'running';
    }
    return { dry_run: true, commands };
  }

  async inventory(): Promise<Inventory> {
    const services: Inventory['services'] = [{ name: 'console-agent', port: null }];
    const containers: Inventory['containers'] = [];
    for (const [name, c] of this.containers) {
      containers.push({ name, image: c.image, status: c.status });
      for (const port of c.ports) services.push({ name, port });
    }
    return { ip_address: localIp(), services, containers };
  }
}

import type { AgentClaimedSchema, AgentRegistered } from '@console/contract/mesh';
import type { z } from 'zod';
import { HttpError, ServerClient, sleep, withRetry } from './client';
import type { AgentConfig } from './config';
import { JobRejected, parseJob, type Executor } from './executor';
import type { Logger } from './log';

export const AGENT_VERSION = '1.0.0';

/** The server refused this agent for good (wrong API key or brand); retrying cannot help. */
export class FatalAgentError extends Error {}

type Claimed = z.infer<typeof AgentClaimedSchema>;

/**
 * The device agent: registers, heartbeats, claims its device's pending jobs one at a time, runs
 * them and reports the outcome. Every call retries with backoff while the server is unreachable,
 * so a server restart only pauses it.
 */
export class Agent {
  private readonly client: ServerClient;
  private readonly controller = new AbortController();
  private deviceId: string | undefined;

  constructor(
    private readonly config: AgentConfig,
    private readonly executor: Executor,
    private readonly log: Logger,
  ) {
    this.client = new ServerClient(config.server);
  }

  get signal() {
    return this.controller.signal;
  }

  stop() {
    this.controller.abort();
  }

  private retry<T>(label: string, fn: () => Promise<T>) {
    return withRetry(label, fn, { maxBackoffMs: this.config.maxBackoffMs, signal: this.signal, log: this.log });
  }

  /** Registers with the brand API key and keeps the device token. */
  private async register(): Promise<void> {
    try {
      this.client.token = undefined;
      const registered = await this.retry('register', () =>
        this.client.post<AgentRegistered>(
          '/api/v1/mesh/agent/register',
          {
            brand_id: this.config.brandId,
            name: this.config.name,
            ...(this.config.deviceType ? { device_type: this.config.deviceType } : {}),
            ...(this.config.environment ? { environment: this.config.environment } : {}),
            agent_version: AGENT_VERSION,
          },
          { 'x-api-key': this.config.apiKey },
        ),
      );
      this.client.token = registered.token;
      this.deviceId = registered.device_id;
      this.log.info(`registered as device ${registered.device_id} (${this.config.name})`);
    } catch (err) {
      if (err instanceof HttpError && (err.status === 401 || err.status === 404 || err.status === 400)) {
        throw new FatalAgentError(`The server refused to register this device: ${err.message}. Check --api-key and --brand.`);
      }
      throw err;
    }
  }

  /** A device call. A refused token means an admin revoked the device: the agent stops for good. */
  private async deviceCall<T>(label: string, path: string, body: unknown): Promise<T> {
    try {
      return await this.retry(label, () => this.client.post<T>(path, body));
    } catch (err) {
      if (err instanceof HttpError && err.status === 401) {
        throw new FatalAgentError(`The server refused this device's token (${err.message}); the device was revoked. Start the agent again to register anew.`);
      }
      throw err;
    }
  }

  async heartbeat() {
    const inventory = await this.executor.inventory();
    await this.deviceCall('heartbeat', '/api/v1/mesh/agent/heartbeat', { ...inventory, agent_version: AGENT_VERSION });
  }

  private async heartbeatLoop() {
    while (!this.signal.aborted) {
      try {
        await this.heartbeat();
      } catch (err) {
        if (err instanceof FatalAgentError) throw err;
        if (!this.signal.aborted) this.log.error(`heartbeat: ${err instanceof Error ? err.message : String(err)}`);
      }
      await sleep(this.config.heartbeatMs, this.signal);
    }
  }

  /** Runs one claimed job and reports it; an unparsable job is reported failed, never thrown. */
  async runJob(job: Claimed['jobs'][number]) {
    let outcome: { status: 'completed'; result: Record<string, unknown> } | { status: 'failed'; error: string };
    try {
      const parsed = parseJob(job.action, job.payload);
      this.log.info(`running ${job.action} job ${job.id}`);
      outcome = { status: 'completed', result: await this.executor.run(parsed, job.id) };
    } catch (err) {
      const message = err instanceof JobRejected || err instanceof Error ? err.message : String(err);
      outcome = { status: 'failed', error: message.slice(0, 4000) || 'Job failed' };
    }
    const path = `/api/v1/mesh/agent/jobs/${job.id}/${outcome.status === 'completed' ? 'complete' : 'fail'}`;
    const body = outcome.status === 'completed' ? { result: outcome.result } : { error: outcome.error };
    try {
      await this.deviceCall(`report job ${job.id}`, path, body);
      this.log.info(`job ${job.id} ${outcome.status}${outcome.status === 'failed' ? `: ${outcome.error}` : ''}`);
    } catch (err) {
      // 404/409: the job was taken away (its lease expired); nothing left to report.
      if (err instanceof HttpError && err.status !== 401) this.log.warn(`job ${job.id}: server refused the report (${err.message})`);
      else if (!this.signal.aborted) throw err;
    }
  }

  private async jobLoop() {
    while (!this.signal.aborted) {
      let claimed: Claimed = { jobs: [] };
      try {
        claimed = await this.deviceCall<Claimed>('claim jobs', '/api/v1/mesh/agent/jobs/claim', { limit: 1 });
      } catch (err) {
        if (err instanceof FatalAgentError) throw err;
        if (!this.signal.aborted) this.log.error(`claim jobs: ${err instanceof Error ? err.message : String(err)}`);
      }
      for (const job of claimed.jobs) {
        if (this.signal.aborted) break;
        try {
          await this.runJob(job);
        } catch (err) {
          if (err instanceof FatalAgentError) throw err;
          if (!this.signal.aborted) this.log.error(`job ${job.id}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      if (!claimed.jobs.length) await sleep(this.config.pollMs, this.signal);
    }
  }

  /** Registers, then heartbeats and works through jobs until stopped. */
  async run() {
    await this.register();
    await Promise.all([this.heartbeatLoop(), this.jobLoop()]).catch((err) => {
      this.stop();
      throw err;
    });
  }
}

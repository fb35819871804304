import { describe, expect, it } from 'vitest';
import { backoffMs } from '../src/client';
import { ConfigError, parseAgentArgs } from '../src/config';
import { DryRunExecutor, JobRejected, parseJob, planJob } from '../src/executor';

describe('parseJob', () => {
  it('accepts every action with a valid payload', () => {
    expect(parseJob('deploy_container', { image: 'nginx:1.27', ports: ['8080:80'] })).toEqual({ action: 'deploy_container', payload: { image: 'nginx:1.27', ports: ['8080:80'] } });
    expect(parseJob('pull_model', { model: 'llama3.2:1b' }).action).toBe('pull_model');
    expect(parseJob('list_models', {}).action).toBe('list_models');
    expect(parseJob('restart_service', { name: 'node-red' }).action).toBe('restart_service');
  });

  it('rejects an unknown action, a missing payload and a payload that could inject arguments, with the reason', () => {
    expect(() => parseJob('format_disk', {})).toThrow(JobRejected);
    expect(() => parseJob(undefined, {})).toThrow('Cannot run job: unknown action undefined');
    expect(() => parseJob('pull_model', null)).toThrow('Cannot run job: invalid payload for pull_model');
    expect(() => parseJob('deploy_container', { image: '--privileged' })).toThrow('Cannot run job: invalid payload.image for deploy_container: must be an image reference');
    expect(() => parseJob('restart_service', { name: '-f' })).toThrow('invalid payload.name for restart_service');
  });
});

describe('planJob', () => {
  it('plans the Docker CLI calls of a deployment, replacing a container of the same name', () => {
    const steps = planJob(parseJob('deploy_container', { image: 'docker.elastic.co/kibana/kibana:8.16.1', env: { 'server.host': '0.0.0.0' }, ports: ['5601:5601'] }), 'http://ollama:11434');
    expect(steps).toEqual([
      { kind: 'docker', args: ['pull', 'docker.elastic.co/kibana/kibana:8.16.1'] },
      { kind: 'docker', args: ['rm', '-f', 'kibana'], ignoreFailure: true },
      { kind: 'docker', args: ['run', '-d', '--name', 'kibana', '--restart', 'unless-stopped', '-p', '5601:5601', '-e', 'server.host=0.0.0.0', 'docker.elastic.co/kibana/kibana:8.16.1'] },
    ]);
  });

  it('plans Ollama API calls for models', () => {
    expect(planJob(parseJob('update_model', { model: 'qwen2.5:7b' }), 'http://gpu:11434')).toEqual([
      { kind: 'http', method: 'POST', url: 'http://gpu:11434/api/pull', body: { model: 'qwen2.5:7b', stream: false } },
    ]);
    expect(planJob(parseJob('list_models', {}), 'http://gpu:11434')).toEqual([{ kind: 'http', method: 'GET', url: 'http://gpu:11434/api/tags' }]);
  });
});

describe('DryRunExecutor', () => {
  it('runs nothing, returns the commands and reports what it would have deployed', async () => {
    const lines: string[] = [];
    const dry = new DryRunExecutor({ ollamaUrl: 'http://127.0.0.1:11434', log: (l) => lines.push(l) });
    const result = await dry.run(parseJob('deploy_container', { image: 'redis:7.4', name: 'cache', ports: ['6379:6379'] }), 'job-1');
    expect(result).toEqual({ dry_run: true, commands: ['docker pull redis:7.4', 'docker rm -f cache', 'docker run -d --name cache --restart unless-stopped -p 6379:6379 redis:7.4'] });
    expect(lines[0]).toContain('dry run deploy_container job-1');
    const inv = await dry.inventory();
    expect(inv.containers).toEqual([{ name: 'cache', image: 'redis:7.4', status: 'running' }]);
    expect(inv.services).toEqual([{ name: 'console-agent', port: null }, { name: 'cache', port: 6379 }]);
  });
});

describe('agent configuration and backoff', () => {
  it('requires server, API key, brand and name, and reads defaults', () => {
    expect(() => parseAgentArgs(['--server', 'http://x'], {})).toThrow(ConfigError);
    const c = parseAgentArgs(['--server', 'http://console:3000/', '--api-key', 'bk_1', '--brand', 'b', '--name', 'n', '--dry-run'], { OLLAMA_URL: 'http://gpu:11434/' });
    expect(c).toMatchObject({ server: 'http://console:3000', dryRun: true, ollamaUrl: 'http://gpu:11434', dockerBin: 'docker', heartbeatMs: 30_000, pollMs: 3_000 });
    expect(() => parseAgentArgs(['--server', 'nope', '--api-key', 'k', '--brand', 'b', '--name', 'n'], {})).toThrow('--server must be a URL');
  });

  it('backs off exponentially up to the cap, with jitter', () => {
    for (let i = 0; i < 50; i++) {
      expect(backoffMs(0, 30_000)).toBeGreaterThanOrEqual(400);
      expect(backoffMs(0, 30_000)).toBeLessThanOrEqual(600);
      expect(backoffMs(3, 30_000)).toBeGreaterThanOrEqual(3200);
      expect(backoffMs(20, 30_000)).toBeLessThanOrEqual(36_000);
    }
  });
});
